/**
 * A provider call that failed; `status` 0 means the provider could not be reached at all. Each
 * adapter throws this (or its own subclass), so routes and jobs handle every provider alike.
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    readonly provider: string,
    message: string,
    readonly status: number,
    /** The provider's own explanation, when it gave one (shown to users only after mapping). */
    readonly detail?: string,
  ) {
    super(`${provider}: ${message}`);
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
