import { Toaster as SonnerToaster } from "sonner";

/** Spec §9: default toast duration; shorter ones (login success) set their own. */
export const TOAST_MS = 5000;

export default function Toaster() {
  return <SonnerToaster position="top-right" duration={TOAST_MS} richColors closeButton />;
}
