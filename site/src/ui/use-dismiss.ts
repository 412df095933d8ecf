import { type RefObject, useEffect } from "react";

/**
 * Closes a popup (menu, disclosure) on Escape or on a pointer press outside `root`. Escape pressed
 * while focus is in the popup hands focus back to its toggle (the control in `root` with
 * `aria-expanded`): the item that had it is hidden, and focus would drop to the page's start.
 */
export function useDismiss(root: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const focusInside = root.current?.contains(document.activeElement) ?? false;
      close();
      if (focusInside) root.current?.querySelector<HTMLElement>("[aria-expanded]")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [root, open, close]);
}
