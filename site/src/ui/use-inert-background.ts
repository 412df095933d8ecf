import { useEffect } from "react";

let openLayers = 0;

/**
 * While a dialog or the phone menu is open, the page behind it (`#root`; dialogs render in portals
 * beside it) is `inert`: out of reach of the keyboard and of assistive technology. Radix's own
 * hiding keeps every ancestor of an `aria-live` element visible, so a page with a live status
 * stayed readable behind the overlay. Counted, so a dialog opened from another keeps the page hidden.
 */
export function useInertBackground(): void {
  useEffect(() => {
    const root = document.getElementById("root");
    if (!root) return;
    openLayers++;
    root.inert = true;
    return () => {
      openLayers--;
      if (openLayers === 0) root.inert = false;
    };
  }, []);
}
