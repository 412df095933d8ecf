import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";

/** Copies tool output to the clipboard and says so, or says how else to get it. */
export async function copyText(text: string, copied: string, fallback: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied, { duration: TOAST_MS });
  } catch {
    toast.error(`Copying is blocked in this browser. ${fallback}`, { duration: TOAST_MS });
  }
}
