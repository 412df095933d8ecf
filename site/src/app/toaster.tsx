import { Toaster as SonnerToaster } from "sonner";
import { TOAST_MS } from "../ui/toast-timing.ts";

export default function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      duration={TOAST_MS}
      // Below the sticky header, so a toast never hides the navigation or the account button.
      offset={{ top: 84, right: 16 }}
      mobileOffset={{ top: 80 }}
      richColors
      closeButton
    />
  );
}
