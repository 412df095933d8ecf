import type { ExternalToast } from "sonner";

/**
 * Toasts. The toaster's code loads after the page answers input, so a toast raised before it has
 * mounted waits for it instead of being lost.
 */
let mounted = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  mounted = resolve;
});

/** Called by the toaster once it has mounted. */
export function toasterReady(): void {
  mounted();
}

const show =
  (kind: "success" | "error") =>
  (message: string, options?: ExternalToast): void => {
    void Promise.all([import("sonner"), toasterMounted]).then(([{ toast }]) => toast[kind](message, options));
  };

export const toast = { success: show("success"), error: show("error") };
