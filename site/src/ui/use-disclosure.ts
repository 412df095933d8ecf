import { type Dispatch, type RefObject, type SetStateAction, useEffect, useId, useRef, useState } from "react";

/**
 * A popup's state for its toggle and list (menu, disclosure): whether it is open, the list's id for
 * `aria-controls`, and the root element. A pointer press outside the root, or Escape, closes it.
 * Escape pressed while focus is in the popup hands focus back to its toggle (the control in the
 * root with `aria-expanded`): the item that had it is hidden, and focus would drop to the page's
 * start. A tuple, not an object: the header's three popups are in every page's first load, where
 * property names cost bytes the budget test counts.
 */
export function useDisclosure<Root extends HTMLElement>(): [
  open: boolean,
  setOpen: Dispatch<SetStateAction<boolean>>,
  id: string,
  root: RefObject<Root | null>,
] {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<Root>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const focusInside = root.current?.contains(document.activeElement) ?? false;
      setOpen(false);
      if (focusInside) root.current?.querySelector<HTMLElement>("[aria-expanded]")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);
  return [open, setOpen, id, root];
}
