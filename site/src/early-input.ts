/**
 * A built page is visible before the app has hydrated it (site/src/main.tsx). Whatever the visitor
 * does in that moment ends as they meant it. React 19 does part of this itself and the app does
 * the rest, each measured on throttled first visits (tests/e2e/field.test.ts):
 * - Text typed before hydration stays in the field: React hydrates a field without writing its
 *   value. But its state keeps the value it rendered, and the next render of the field would
 *   write that back. React 19.3 replays a change for such fields (facebook/react#33129) only
 *   behind a flag that is off in its releases, so a field the build renders does the same as it
 *   hydrates (site/src/ui/early-text.ts).
 * - Text typed while React hydrates needs nothing: React hydrates the field's part at once to
 *   deliver the key, and from then on its own change tracking hands every key to the app.
 * - A press on a button before the page answers is held here and replayed once, after the app has
 *   read who is signed in: React delivers no press before `hydrateRoot`, drops one on a part whose
 *   code has not arrived (it replays only continuous events and form actions, facebook/react#22448),
 *   and one delivered during hydration would act on the signed-out state the page was built with.
 * - A file or an option chosen before then is told to the app as a change. Hydrating a select
 *   selects the option React rendered, so the one chosen is selected again first.
 * A toast a replayed press raises waits for the toaster (site/src/ui/toast.ts).
 * Links navigate as plain links before hydration, except one pressed after an option was chosen:
 * a new document would leave the choice (a language, kept for every tool) behind with the page,
 * so that press is held and replayed like a button's, once the choice has been told.
 * If the app's code never arrives (the connection drops), the page says so (site/src/main.tsx).
 */

/**
 * Set on <html> and fired on window once the page answers input (see `announceReady`); the browser
 * tests and scripts/dead-window.ts wait for it.
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
const READY_EVENT = "vox:ready";

/** The element as the app rendered it: the same one, or its replacement with the same id. */
function current<T extends HTMLElement>(element: T): T | null {
  if (element.isConnected) return element;
  const replacement = element.id ? document.getElementById(element.id) : null;
  return replacement instanceof element.constructor ? (replacement as T) : null;
}

/**
 * Holds input until the app announces it is ready. What it returns lets go instead, for an app
 * whose code did not arrive: the presses held are dropped, but a link held is followed as a plain
 * link would have been, so the visitor still goes where they asked.
 */
export function holdEarlyInput(): () => void {
  const pressed: HTMLElement[] = [];
  /** Each field chosen in, with the value chosen. */
  const chosen = new Map<HTMLInputElement | HTMLSelectElement, string>();
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>("button") ?? (optionChosen() ? leavingLink(target, event) : null);
    if (!control) return;
    // Before the app sees it: the replay below is the only time it acts on this press.
    event.preventDefault();
    event.stopPropagation();
    pressed.push(control);
  };
  const optionChosen = () => [...chosen.keys()].some((field) => field instanceof HTMLSelectElement);
  const choose = (event: Event) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement && field.type === "file") || field instanceof HTMLSelectElement) {
      chosen.set(field, field.value);
    }
  };
  const stopHolding = () => {
    document.removeEventListener("click", hold, true);
    document.removeEventListener("change", choose, true);
  };
  document.addEventListener("click", hold, true);
  document.addEventListener("change", choose, true);
  window.addEventListener(
    READY_EVENT,
    () => {
      stopHolding();
      // Choices first: React renders what a change sets before the next task, so presses are
      // replayed then, acting on what was chosen.
      for (const [element, value] of chosen) {
        const field = current(element);
        if (field instanceof HTMLSelectElement) field.value = value;
        field?.dispatchEvent(new Event("change", { bubbles: true }));
      }
      setTimeout(() => {
        for (const control of pressed.splice(0)) current(control)?.click();
      });
    },
    { once: true },
  );
  return () => {
    stopHolding();
    const link = pressed.filter((control) => control instanceof HTMLAnchorElement).pop();
    pressed.length = 0;
    if (link) location.assign(link.href);
  };
}

/**
 * A link the router would follow in this tab, pressed as a plain press: not a new tab or window,
 * not a download, not another site.
 */
function leavingLink(target: Element | null, event: MouseEvent): HTMLAnchorElement | null {
  const link = target?.closest<HTMLAnchorElement>("a[href]");
  if (!link || link.target || link.hasAttribute("download") || link.origin !== location.origin) return null;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  return link;
}

/**
 * Called by the app once the page has hydrated. Held presses are handed over in a later task: by
 * then the app has re-rendered what the built HTML could not know (who is signed in), so a
 * replayed press runs the handler for the real session.
 */
export function announceReady(): void {
  setTimeout(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
    window.dispatchEvent(new Event(READY_EVENT));
  });
}
