import type { z } from "zod";

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

  // Plain fields rather than parameter properties, so the adapters also load under Node's type stripping.
  constructor(provider: string, message: string, status: number, detail?: string) {
    super(`${provider}: ${message}`);
    this.provider = provider;
    this.status = status;
    this.detail = detail;
  }

  /** Outages and rate limits are worth retrying; other 4xx answers will not change. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/** Sends a request, turning network failures and timeouts into a `ProviderError` with status 0. */
export async function providerFetch(
  provider: string,
  send: (request: Request) => Promise<Response>,
  request: Request,
): Promise<Response> {
  try {
    return await send(request);
  } catch (error) {
    throw new ProviderError(provider, `unreachable: ${(error as Error).message}`, 0);
  }
}

/** Reads a failed answer's body for the log, whatever shape it has. */
export async function failure(provider: string, what: string, response: Response, detail?: string): Promise<never> {
  const body = (await response.text().catch(() => "")).slice(0, 300);
  throw new ProviderError(provider, `${what} answered ${response.status}: ${body}`, response.status, detail ?? body);
}

/**
 * An answer that no longer has the shape the product reads: the provider changed its contract.
 * Not retryable, since the same request will get the same answer.
 */
export class ProviderContractError extends ProviderError {
  override name = "ProviderContractError";
  override get retryable(): boolean {
    return false;
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
): T {
  checkDocumented(provider, what, contract.documented, body);
  const needed = contract.needed.safeParse(body);
  if (!needed.success) {
    const issues = issuesOf(needed.error);
    console.error(JSON.stringify({ event: "provider_contract_broken", provider, what, issues }));
    throw new ProviderContractError(provider, `${what} answered an unexpected shape (${issues})`, status);
  }
  return needed.data;
}
