import { type RefObject, useEffect, useState } from "react";

/**
 * Whether what `ref` shows is about to be used: it has scrolled into view, or the visitor has
 * started on the form around it. Data only such a part needs (the voice list below a tool's
 * introduction, say) then loads as the visitor reaches it, not while a slow phone is still making
 * the page answer. Without IntersectionObserver it is wanted at once.
 */
export function useWantedSoon(ref: RefObject<HTMLElement | null>): boolean {
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (wanted || !element) return;
    const want = () => setWanted(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) want();
    });
    observer.observe(element);
    const form = element.closest("form") ?? element;
    form.addEventListener("focusin", want);
    form.addEventListener("pointerdown", want);
    // Assistive technology can set a control's value without focusing it first.
    form.addEventListener("change", want);
    return () => {
      observer.disconnect();
      form.removeEventListener("focusin", want);
      form.removeEventListener("pointerdown", want);
      form.removeEventListener("change", want);
    };
  }, [ref, wanted]);
  return wanted;
}
