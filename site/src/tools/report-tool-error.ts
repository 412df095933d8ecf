import { toast } from "sonner";
import { ApiError } from "../api/client.ts";
import { errorMessage } from "../ui/form-fields.tsx";

/**
 * A tool call failed. 401 and 402 were already answered by the API client (session ended, sent to
 * /pricing); anything else gets a clear toast rather than only a log (ARCHITECTURE.md decision).
 */
export function reportToolError(error: unknown): void {
  if (error instanceof ApiError && (error.status === 401 || error.status === 402)) return;
  toast.error(errorMessage(error));
}
