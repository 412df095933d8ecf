/**
 * A built page is visible before the app has hydrated it (site/src/main.tsx). Whatever the visitor
 * does in that moment is kept and handed to the app once it is ready, as they meant it:
 * - a press on a button is held, then replayed once, after the app has read who is signed in, so it
 *   acts with the real session (a signed-in Get Started opens checkout, not Login);
 * - text typed into a field stays, with its caret and selection, and the app's state takes it up;
 * - a file (or an option) chosen is told to the app as a change.
 * "Ready" waits for the page and for the toaster, so a toast a replayed press raises is seen.
 * Links need no help: before hydration they navigate as plain links.
 */

/**
 * Set on <html> and fired on window once the page answers input (see `announceReady`); the browser
 * tests and scripts/dead-window.ts wait for it.
 */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
const READY_EVENT = "vox:ready";

/** What must have mounted before input is handed over. */
export type ReadyPart = "page" | "toaster";
const READY_PARTS: readonly ReadyPart[] = ["page", "toaster"];
let waitingFor = new Set(READY_PARTS);

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
 * Gives React the value the visitor typed. React only reports a change when the value differs from
 * the one it last saw, and it may have seen the typed text already while hydrating; so the value is
 * first set through the element (which React watches) to something else, then through the
 * prototype (which it does not), and the input event makes React compare and call onChange.
 */
function handOver(field: TextField, typed: Typed): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  const focused = document.activeElement === field;
  field.value = typed.value === "" ? " " : "";
  setValue?.call(field, typed.value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  const [start, end] = typed.selection;
  if (focused && start !== null && end !== null) field.setSelectionRange(start, end);
}

export function holdEarlyInput(): void {
  waitingFor = new Set(READY_PARTS);
  const pressed: HTMLElement[] = [];
  const typed = new Map<TextField, Typed>();
  const chosen = new Set<HTMLInputElement | HTMLSelectElement>();
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>("button") : null;
    if (!button) return;
    // Before React sees it: the replay below is the only time it acts on this press.
    event.preventDefault();
    event.stopPropagation();
    pressed.push(button);
  };
  const type = (event: Event) => {
    const field = event.target;
    if (!isTextField(field)) return;
    typed.set(field, { value: field.value, selection: [field.selectionStart, field.selectionEnd] });
  };
  // The caret moves without typing too (arrows, a tap): keep where it was last.
  const moveCaret = () => {
    const field = document.activeElement;
    const known = isTextField(field) ? typed.get(field) : undefined;
    if (isTextField(field) && known)
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
      // Text and choices first: React applies each at once, so a replayed press then acts on them.
      for (const [element, value] of typed) {
        const field = current(element);
        if (field) handOver(field, value);
      }
      for (const element of chosen) current(element)?.dispatchEvent(new Event("change", { bubbles: true }));
      for (const button of pressed.splice(0)) current(button)?.click();
    },
    { once: true },
  );
}

/**
 * Called by the app once `part` has mounted. When all have, input is handed over in a later task:
 * by then React has re-rendered what the built HTML could not know (who is signed in), so a
 * replayed press runs the handler for the real session.
 */
export function announceReady(part: ReadyPart): void {
  if (!waitingFor.delete(part) || waitingFor.size > 0) return;
  setTimeout(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
    window.dispatchEvent(new Event(READY_EVENT));
  });
}
