import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody } from "../contracts/api-error.ts";

/** A failure we expect and can explain to the caller; anything else is our bug and becomes a 500. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** 429 with Retry-After: a limit was reached. */
export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  return new ApiError(429, "rate_limited", `Too many attempts. Try again in ${retryAfterSeconds} seconds.`, undefined, {
    "Retry-After": String(retryAfterSeconds),
  });
}

/** Who is down, as a visitor would name it, per kind of provider. */
const PROVIDER_SERVICES = {
  speech: "The voice service",
  voice: "The voice service",
  analysis: "The analysis service",
  payment: "The payment provider",
  tone_marks: "The tone-mark service",
  translation: "The translation service",
  image: "The image service",
  mail: "The mail service",
} as const;

/** A provider outage as the caller sees it: 502 `<kind>_provider_unavailable`; the cause goes to the log. */
export function providerUnavailable(kind: keyof typeof PROVIDER_SERVICES, cause: unknown): ApiError {
  console.error(`[${kind}] provider failure`, cause);
  return new ApiError(
    502,
    `${kind}_provider_unavailable`,
    `${PROVIDER_SERVICES[kind]} is not answering. Please try again shortly.`,
  );
}

/** Configuration that makes the Worker unsafe to run, e.g. the sandbox switched on in production. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const HTTP_EXCEPTION_CODES: Partial<Record<number, string>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};

export function errorResponse(c: Context, error: ApiError): Response {
  const body: ApiErrorBody = { message: error.message, code: error.code };
  if (error.errors) body.errors = error.errors;
  return c.json(body, error.status, error.headers);
}

/**
 * Every row an account writes names its owner (or its job) by a foreign key, so a write that races
 * the owner's erasure or the job's deletion is refused by D1 itself: the caller learns it is gone.
 */
function isForeignKeyRefusal(err: Error): boolean {
  return /FOREIGN KEY constraint failed/.test(err.message);
}

export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException && err.status < 500) {
    const code = HTTP_EXCEPTION_CODES[err.status] ?? "bad_request";
    return errorResponse(c, new ApiError(err.status, code, err.message || code));
  }
  if (err instanceof ConfigError) {
    console.error(`[config] ${err.message}`);
    return errorResponse(c, new ApiError(503, "misconfigured", "The service is misconfigured and refuses to run."));
  }
  if (isForeignKeyRefusal(err)) {
    return errorResponse(c, new ApiError(409, "gone", "What this request refers to no longer exists."));
  }
  console.error(`[unhandled] ${c.req.method} ${c.req.path}`, err);
  return errorResponse(c, new ApiError(500, "internal_error", "Something went wrong on our side."));
}
