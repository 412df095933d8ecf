import { apiErrorBodySchema } from "@contracts/api-error.ts";
import type { ZodType } from "zod";
import { clearSession, PAYMENT_REQUIRED_EVENT, storedToken, UNAUTHORIZED_EVENT } from "../account/session.ts";
import { config } from "../config.ts";

/** Every failed call, with the server's message (spec §8 toasts show it) and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface RequestOptions<T> {
  readonly method?: "GET" | "POST" | "DELETE";
  readonly body?: unknown;
  readonly schema: ZodType<T>;
  /** The login call's own 401 is a wrong password, not an ended session (spec §7). */
  readonly isLogin?: boolean;
  /** Overrides the stored token, for calls made while the session is being cleared. */
  readonly token?: string;
}

async function readError(response: Response): Promise<ApiError> {
  const parsed = apiErrorBodySchema.safeParse(await response.json().catch(() => null));
  if (parsed.success) return new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.errors);
  return new ApiError(
    response.status,
    "http_error",
    `Something went wrong (HTTP ${response.status}). Please try again.`,
  );
}

/** The one way the site talks to the Worker: JSON, bearer token, one error type, the 401/402/403 rules. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const token = options.token ?? storedToken();
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, "network_error", "Could not reach Vox. Check your connection and try again.");
  }

  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 403 || (response.status === 401 && !options.isLogin)) {
      clearSession();
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    }
    // A 402 keeps the session: the user is signed in but needs a plan (ARCHITECTURE.md).
    if (response.status === 402)
      window.dispatchEvent(new CustomEvent(PAYMENT_REQUIRED_EVENT, { detail: error.message }));
    throw error;
  }
  return options.schema.parse(await response.json());
}
