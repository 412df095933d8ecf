import type { z } from "zod";
import type { ProviderEndpoint } from "./endpoint.ts";

/**
 * The one way an adapter calls its provider (`providerFetch` and the readers built on it): a
 * timeout on every call, network failures and refusals as `ProviderError`, whose `retryable` jobs
 * act on, and answers read against their contract. An adapter then only builds requests.
 */

/**
 * A provider call that failed; `status` 0 means the provider could not be reached at all. Each
 * adapter throws this (or its own subclass), so routes and jobs handle every provider alike.
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  readonly provider: string;
  readonly status: number;
  /** The provider's own explanation, when it gave one (shown to users only after mapping). */
  readonly detail?: string;
  /** The answer no longer has the shape the product reads (see `ProviderContractError`). */
  readonly contractBroken: boolean;

  // Plain fields rather than parameter properties, so the adapters also load under Node's type stripping.
  constructor(provider: string, message: string, status: number, detail?: string, contractBroken = false) {
    super(`${provider}: ${message}`);
    this.provider = provider;
    this.status = status;
    this.detail = detail;
    this.contractBroken = contractBroken;
  }

  /**
   * Outages and rate limits are worth retrying; other 4xx answers will not change, and neither will
   * an answer that broke its contract.
   */
  get retryable(): boolean {
    if (this.contractBroken) return false;
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** How the fetch helper builds an adapter's errors: `ProviderError` or a subclass a route catches by name. */
type ProviderErrorClass = new (
  provider: string,
  message: string,
  status: number,
  detail?: string,
  contractBroken?: boolean,
) => ProviderError;

/**
 * An answer that no longer has the shape the product reads: the provider changed its contract.
 * Adapters with their own error class (so a route can catch that provider's failures) throw that
 * class marked `contractBroken`; every such error is a `ProviderContractError` too, so jobs can tell
 * a broken contract from an outage whichever adapter failed.
 */
export class ProviderContractError extends ProviderError {
  override name = "ProviderContractError";

  constructor(provider: string, message: string, status: number, detail?: string) {
    super(provider, message, status, detail, true);
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof ProviderError && value.contractBroken;
  }
}

interface AnswerContract<T> {
  /** Every field the provider's published description marks required. */
  readonly documented: z.ZodType;
  /** The fields this product reads; a subset of `documented`. */
  readonly needed: z.ZodType<T>;
}

function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

/** Logs where an answer differs from the provider's published contract; the caller carries on. */
export function checkDocumented(provider: string, what: string, documented: z.ZodType, body: unknown): void {
  const result = documented.safeParse(body);
  if (result.success) return;
  console.warn(JSON.stringify({ event: "provider_contract_drift", provider, what, issues: issuesOf(result.error) }));
}

/**
 * Reads a provider's answer. Drift in a field the product does not read is logged and tolerated, so
 * an upstream change is seen before it matters; drift in a field it reads is a typed, logged error.
 */
export function readAnswer<T>(
  provider: string,
  what: string,
  status: number,
  body: unknown,
  contract: AnswerContract<T>,
  errorClass: ProviderErrorClass = ProviderContractError,
): T {
  checkDocumented(provider, what, contract.documented, body);
  const needed = contract.needed.safeParse(body);
  if (!needed.success) {
    const issues = issuesOf(needed.error);
    console.error(JSON.stringify({ event: "provider_contract_broken", provider, what, issues }));
    throw new errorClass(provider, `${what} answered an unexpected shape (${issues})`, status, undefined, true);
  }
  return needed.data;
}

/** What every call to one provider shares. */
export interface ProviderAdapter {
  readonly provider: string;
  /** The headers that carry the endpoint's key. */
  readonly auth: (endpoint: ProviderEndpoint) => Record<string, string>;
  readonly timeoutMs: number;
  /** The adapter's own error class, when a route catches that provider's failures by name. */
  readonly errorClass?: ProviderErrorClass;
  /** The provider's own explanation in a refusal's JSON body, when it gives one. */
  readonly refusalDetail?: (body: unknown) => string | undefined;
}

interface ProviderRequest {
  /** Names the call in errors and logs ("voices", "transcript poll"). */
  readonly what: string;
  /** Path and query under the endpoint's base URL. */
  readonly path: string;
  /** GET without a body, POST with one. */
  readonly method?: string;
  readonly headers?: Record<string, string>;
  /** Sent as a JSON body. */
  readonly json?: unknown;
  readonly body?: BodyInit;
  readonly timeoutMs?: number;
  /**
   * Opens a WebSocket: only 101 is an acceptance, and the timeout ends with the answer, since a
   * signal that fired later would cut the stream.
   */
  readonly upgrade?: boolean;
}

/** Reads the answer's body through `prepare` first when the provider has more than one shape of it. */
interface ReadContract<T> extends AnswerContract<T> {
  readonly prepare?: (body: unknown) => unknown;
}

function providerError(adapter: ProviderAdapter, message: string, status: number, detail?: string): ProviderError {
  return new (adapter.errorClass ?? ProviderError)(adapter.provider, message, status, detail);
}

function buildRequest(
  endpoint: ProviderEndpoint,
  adapter: ProviderAdapter,
  request: ProviderRequest,
  signal: AbortSignal,
) {
  const headers: Record<string, string> = { ...adapter.auth(endpoint) };
  if (request.json !== undefined) headers["content-type"] = "application/json";
  if (request.upgrade) headers.upgrade = "websocket";
  const body = request.json === undefined ? request.body : JSON.stringify(request.json);
  return new Request(`${endpoint.baseUrl}${request.path}`, {
    method: request.method ?? (body === undefined ? "GET" : "POST"),
    headers: { ...headers, ...request.headers },
    body,
    signal,
  });
}

/** A refusal with the provider's explanation; the body's start goes into the message for the log. */
async function refusal(adapter: ProviderAdapter, what: string, response: Response): Promise<ProviderError> {
  const text = await response.text().catch(() => "");
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML error page; the status says what happened.
  }
  const excerpt = text.slice(0, 300);
  const detail = adapter.refusalDetail?.(body) ?? excerpt;
  return providerError(adapter, `${what} answered ${response.status}: ${excerpt}`, response.status, detail);
}

/** An accepted answer, its body unread, and how to end its timeout once the body is read. */
interface Answered {
  readonly response: Response;
  readonly release: () => void;
}

/**
 * Sends a request under a timeout of its own. The timer is a plain one, cleared as soon as the
 * caller is done with the answer: an invocation may hold at most 10,000 live timers (workerd's
 * limit), and a sweep that makes thousands of calls in one invocation would otherwise run out.
 */
async function send(adapter: ProviderAdapter, endpoint: ProviderEndpoint, request: ProviderRequest): Promise<Answered> {
  const timeoutMs = request.timeoutMs ?? adapter.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer in ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  );
  const release = () => clearTimeout(timer);
  let response: Response;
  try {
    response = await endpoint.fetch(buildRequest(endpoint, adapter, request, controller.signal));
  } catch (error) {
    release();
    throw providerError(adapter, `${request.what} unreachable: ${(error as Error).message}`, 0);
  }
  // An upgrade's timeout ends with the answer, since an abort later would cut the stream.
  if (request.upgrade) release();
  const accepted = request.upgrade ? response.status === 101 : response.ok;
  if (!accepted) {
    try {
      throw await refusal(adapter, request.what, response);
    } finally {
      release();
    }
  }
  return { response, release };
}

/**
 * Sends a request and answers the accepted response, its body unread. The timeout keeps running
 * while the caller reads the body, and its timer ends when it fires.
 */
export async function providerFetch(
  adapter: ProviderAdapter,
  endpoint: ProviderEndpoint,
  request: ProviderRequest,
): Promise<Response> {
  return (await send(adapter, endpoint, request)).response;
}

/** Sends a request and reads its JSON answer against the contract. */
export async function providerJson<T>(
  adapter: ProviderAdapter,
  endpoint: ProviderEndpoint,
  request: ProviderRequest,
  contract: ReadContract<T>,
): Promise<T> {
  const { response, release } = await send(adapter, endpoint, request);
  let body: unknown;
  try {
    body = await response.json().catch(() => null);
  } finally {
    release();
  }
  const answer = contract.prepare ? contract.prepare(body) : body;
  return readAnswer(adapter.provider, request.what, response.status, answer, contract, adapter.errorClass);
}

/** Sends a request whose answer is a byte stream, handed on unread so it flows as it arrives. */
export async function providerStream(
  adapter: ProviderAdapter,
  endpoint: ProviderEndpoint,
  request: ProviderRequest,
): Promise<ReadableStream<Uint8Array>> {
  const response = await providerFetch(adapter, endpoint, request);
  if (!response.body) throw providerError(adapter, `${request.what} answered without a body`, response.status);
  return response.body;
}
