/**
 * A built page is visible before the app has hydrated it (site/src/main.tsx). Whatever the visitor
 * does in that moment is kept and handed to the app once it is ready, as they meant it:
 * - a press on a button is held, then replayed once, after the app has read who is signed in, so it
 *   acts with the real session (a signed-in Get Started opens checkout, not Login);
 * - text typed into a field stays, with its caret and selection, and the app's state takes it up;
 * - a file (or an option) chosen is told to the app as a change.
 * A toast a replayed press raises waits for the toaster (site/src/ui/toast.ts).
 * Links need no help: before hydration they navigate as plain links.
 */

/**
 * Set on <html> and fired on window once the page answers input (see `announceReady`); the browser
 * tests and scripts/dead-window.ts wait for it.
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
const READY_EVENT = "vox:ready";

type TextField = HTMLInputElement | HTMLTextAreaElement;

interface Typed {
  readonly value: string;
  readonly selection: readonly [start: number | null, end: number | null];
}

function isTextField(target: EventTarget | null): target is TextField {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !["file", "checkbox", "radio"].includes(target.type);
}

/** The field as the app rendered it: the same element, or its replacement with the same id. */
function current<T extends HTMLElement>(element: T): T | null {
  if (element.isConnected) return element;
  const replacement = element.id ? document.getElementById(element.id) : null;
  return replacement instanceof element.constructor ? (replacement as T) : null;
}

/**
 * Gives the app the text the visitor typed: the field still shows it (hydrating keeps the DOM as it
 * is), but the app's state took the value it rendered, and an input event makes it read the field.
 */
function handOver(field: TextField, typed: Typed): void {
  field.value = typed.value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Puts the caret back where the visitor left it, in the field they are still in. */
function restoreCaret(field: TextField, typed: Typed): void {
  const [start, end] = typed.selection;
  if (document.activeElement === field && start !== null && end !== null) field.setSelectionRange(start, end);
}

export function holdEarlyInput(): void {
  const pressed: HTMLElement[] = [];
  const typed = new Map<TextField, Typed>();
  const chosen = new Set<HTMLInputElement | HTMLSelectElement>();
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("button") : null;
    if (!button) return;
    // Before the app sees it: the replay below is the only time it acts on this press.
    event.preventDefault();
    event.stopPropagation();
    pressed.push(button);
  };
  const type = (event: Event) => {
    const field = event.target;
    if (!isTextField(field)) return;
    typed.set(field, { value: field.value, selection: [field.selectionStart, field.selectionEnd] });
  };
  // The caret moves without typing too (arrows, a tap): keep where it was last. Hydrating sets a
  // text area to the value the app rendered, which moves the caret too: that move is not kept.
  const moveCaret = () => {
    const field = document.activeElement;
    const known = isTextField(field) ? typed.get(field) : undefined;
    if (isTextField(field) && known && field.value === known.value)
      typed.set(field, { ...known, selection: [field.selectionStart, field.selectionEnd] });
  };
  const choose = (event: Event) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement && field.type === "file") || field instanceof HTMLSelectElement) {
      chosen.add(field);
    }
  };
  document.addEventListener("click", hold, true);
  document.addEventListener("input", type, true);
  document.addEventListener("selectionchange", moveCaret);
  document.addEventListener("change", choose, true);
  window.addEventListener(
    READY_EVENT,
    () => {
      document.removeEventListener("click", hold, true);
      document.removeEventListener("input", type, true);
      document.removeEventListener("selectionchange", moveCaret);
      document.removeEventListener("change", choose, true);
      // Text and choices first. The app renders what they change before the next task, so the
      // caret is put back and presses replayed then, acting on what was typed and chosen.
      for (const [element, value] of typed) {
        const field = current(element);
        if (field) handOver(field, value);
      }
      for (const element of chosen) current(element)?.dispatchEvent(new Event("change", { bubbles: true }));
      setTimeout(() => {
        for (const [element, value] of typed) {
          const field = current(element);
          if (field) restoreCaret(field, value);
        }
        for (const button of pressed.splice(0)) current(button)?.click();
      });
    },
    { once: true },
  );
}

/**
 * Called by the app once the page has hydrated. Input is handed over in a later task: by then the
 * app has re-rendered what the built HTML could not know (who is signed in), so a replayed press
 * runs the handler for the real session.
 */
export function announceReady(): void {
  setTimeout(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
    window.dispatchEvent(new Event(READY_EVENT));
  });
}
