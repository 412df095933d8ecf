import { useEffect } from "react";
import { Toaster as SonnerToaster } from "sonner";
import { announceReady } from "../early-input.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";

export function Toaster() {
  // A toast raised before the toaster mounts is never shown: presses wait for it.
  useEffect(() => announceReady("toaster"), []);
  return (
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
    />
  );
}
