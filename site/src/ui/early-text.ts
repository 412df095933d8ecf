type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * The ref of a text field the build renders: as React hydrates the field, it tells the app about
 * text typed into it before then (site/src/early-input.ts says why React does not). A field that
 * holds something other than what was rendered (its `defaultValue`) gets an input event the app's
 * change handler reads. React tracks the value it last saw through the field's own `value`
 * property, so the rendered value is set through it and the typed one through the element's
 * prototype, as Testing Library does; no paint comes between, so the field shows the typed text
 * throughout, and the caret and selection are put back where they were. React attaches refs in
 * the commit that hydrates the field, so the app's state has the text before any later render
 * of the field could write the built value back. A stable function: React calls it once per
 * mount, and on a field mounted in the browser there is nothing to hand over.
 */
export function takeUpEarlyText(field: TextField | null): void {
  if (!field || field.value === field.defaultValue) return;
  const typed = field.value;
  const focused = document.activeElement === field;
  const { selectionStart, selectionEnd, selectionDirection } = field;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
  // After the commit, in the same task: no key can come between.
  queueMicrotask(() => {
    if (focused && field.value === typed && selectionStart !== null && selectionEnd !== null) {
      field.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
    }
  });
}
