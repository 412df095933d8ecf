import { useLayoutEffect } from "react";
import { createPortal } from "react-dom";
import { Toaster as SonnerToaster } from "sonner";
import { toasterReady } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";

export default function Toaster() {
  // Sonner shows only the toasts raised after its toaster has mounted: until then they wait.
  useLayoutEffect(() => toasterReady(), []);
  // Beside #root, not in it: the page goes inert under a dialog, and a toast raised then is still heard.
  return createPortal(
    <SonnerToaster
      position="top-right"
      duration={TOAST_MS}
      // Below the sticky header, so a toast never hides the navigation or the account button.
      offset={{ top: 84, right: 16 }}
      mobileOffset={{ top: 80 }}
      richColors
      closeButton
      // Stacked, the older toasts sit behind the newest, faded: text too faint to read.
      expand
    />,
    document.body,
  );
}
