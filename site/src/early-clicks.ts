/**
 * A built page is visible before the app has hydrated it (site/src/main.tsx). A button pressed, or
 * a file chosen, in that moment would do nothing, so they are held until the app says it is ready,
 * then replayed once. Links need no help: before hydration they navigate as plain links.
 */

/** Set on <html> and fired on window once the page's content has hydrated (see app/layout.tsx). */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
const HYDRATED_EVENT = "vox:hydrated";

export function holdEarlyClicks(): void {
  const held: HTMLElement[] = [];
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("button") : null;
    if (!button) return;
    // Before React sees it: the replay below is the only time it acts on this press.
    event.preventDefault();
    event.stopPropagation();
    held.push(button);
  };
  // The chosen file stays in the input; the app only needs to hear that it changed.
  const chosen = new Set<HTMLInputElement>();
  const choose = (event: Event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "file") chosen.add(event.target);
  };
  document.addEventListener("click", hold, true);
  document.addEventListener("change", choose, true);
  window.addEventListener(
    HYDRATED_EVENT,
    () => {
      document.removeEventListener("click", hold, true);
      document.removeEventListener("change", choose, true);
      for (const input of chosen) if (input.isConnected) input.dispatchEvent(new Event("change", { bubbles: true }));
      for (const button of held.splice(0)) if (button.isConnected) button.click();
    },
    { once: true },
  );
}

/** Called by the app once the current page has hydrated. */
export function announceHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}
