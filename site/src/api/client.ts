import type { ZodType } from "zod";
import { config } from "../config.ts";
import { ApiError } from "./errors.ts";
import { storedToken } from "./session.ts";
import { storedWorkspace, WORKSPACE_HEADER } from "./workspace.ts";

export { ApiError, EMAIL_UNVERIFIED } from "./errors.ts";

/**
 * Loads one response schema. Schemas (and zod with them) load with a page's first request rather
 * than with the page: building them is ~100 ms of main thread on a mid-range phone, and a visitor
 * who is not signed in makes no request at all while a tool page loads.
 */
export type SchemaLoader<T> = () => Promise<ZodType<T>>;

/** `schemaOf(() => import("@worker/live/contracts/live.ts"), "liveUsageSchema")`: that export, loaded when asked for. */
export function schemaOf<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<M[K]> {
  return () => load().then((module) => module[name]);
}

/** The `{ message }` answer of endpoints that only confirm (sign-out, deletions, e-mails sent). */
export const messageResponse = schemaOf(() => import("@worker/accounts/contracts/auth.ts"), "messageResponse");

const networkError = () =>
  new ApiError(0, "network_error", "Could not reach Vox. Check your connection and try again.");

/** A schema that cannot load means the connection dropped: the same error as a failed request. */
export function loadSchema<T>(load: SchemaLoader<T>): Promise<ZodType<T>> {
  return load().catch(() => {
    throw networkError();
  });
}

interface FetchOptions {
  readonly method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * JSON-encoded, unless it is FormData (uploads), which the browser encodes itself, or a Blob (a
   * file sent as it is, such as a CSV), sent with its own type.
   */
  readonly body?: unknown;
  readonly isLogin?: boolean;
  readonly token?: string;
  readonly signal?: AbortSignal;
  /**
   * `false` for the calls that are the person's own wherever they act (their list of workspaces,
   * accepting an invitation): no workspace header, so a stale one cannot make them fail.
   */
  readonly inWorkspace?: boolean;
}

/** The headers every call carries: who is asking, and the workspace they act in. */
function identify(headers: Record<string, string>, token: string | null, inWorkspace: boolean): void {
  if (token) headers.authorization = `Bearer ${token}`;
  const workspace = inWorkspace ? storedWorkspace() : null;
  if (workspace) headers[WORKSPACE_HEADER] = workspace;
}

/**
 * The one way the site talks to the Worker: bearer token, workspace header, one error type, and the
 * session rules (401/403 end the session, login's own 401 and a role's 403 excepted; 402 sends to
 * /pricing; `email_unverified` puts the verify dialog in place of the tool; a 404 in a chosen
 * workspace has the site check that the person is still in it).
 * Answers the raw response, so audio can be streamed; `apiRequest` is the JSON form.
 */
export async function apiFetch(path: string, options: FetchOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  const isForm = options.body instanceof FormData;
  const isFile = options.body instanceof Blob;
  if (isFile) headers["content-type"] = (options.body as Blob).type;
  else if (options.body !== undefined && !isForm) headers["content-type"] = "application/json";
  identify(headers, options.token ?? storedToken(), options.inWorkspace ?? true);

  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm || isFile
            ? (options.body as FormData | Blob)
            : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError();
  }

  if (!response.ok) throw await failure(response, options.isLogin ?? false, WORKSPACE_HEADER in headers);
  return response;
}

/**
 * Applies the session rules to a failed answer and turns it into the one error type. The rules
 * (site/src/api/failure.ts) load with the first failed call, not with every page.
 */
async function failure(response: Response, isLogin: boolean, inChosenWorkspace: boolean): Promise<ApiError> {
  const rules = await import("./failure.ts").catch(() => null);
  return rules ? rules.failure(response, isLogin, inChosenWorkspace) : networkError();
}

export interface UploadOptions {
  /** Fraction of the body sent so far, 0 to 1. */
  readonly onProgress?: (fraction: number) => void;
  readonly signal?: AbortSignal;
}

/**
 * A multipart upload with progress, which `fetch` cannot report: the same bearer token, error
 * type and session rules as `apiFetch`, over XMLHttpRequest.
 */
export function apiUpload(path: string, form: FormData, options: UploadOptions = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${config.apiBase}${path}`);
    request.responseType = "blob";
    const headers: Record<string, string> = { accept: "application/json" };
    identify(headers, storedToken(), true);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    request.onload = () => {
      const headers = new Headers();
      for (const line of request.getAllResponseHeaders().trim().split(/\r?\n/)) {
        const at = line.indexOf(":");
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const response = new Response(request.response as Blob, { status: request.status, headers });
      if (response.ok) resolve(response);
      else failure(response, false, WORKSPACE_HEADER in headers).then(reject, reject);
    };
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}

/** A successful answer's JSON, checked against its schema. */
export async function readAnswer<T>(response: Response, schema: SchemaLoader<T>): Promise<T> {
  const [body, loaded] = await Promise.all([response.json(), loadSchema(schema)]);
  return loaded.parse(body);
}

/** `apiFetch` for a JSON answer, checked against its schema (loaded alongside the request). */
export async function apiRequest<T>(
  path: string,
  options: FetchOptions & { readonly schema: SchemaLoader<T> },
): Promise<T> {
  const [response, schema] = await Promise.all([apiFetch(path, options), loadSchema(options.schema)]);
  return schema.parse(await response.json());
}
