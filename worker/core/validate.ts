import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler } from "hono";
import type { ZodType } from "zod";
import { ApiError } from "./errors.ts";
import { readAtMost } from "./refused-body.ts";

/** JSON bodies of account and form endpoints are small; anything larger is refused unread. */
export const JSON_BODY_LIMIT_BYTES = 16 * 1024;

const tooLarge = () => new ApiError(413, "payload_too_large", "The request body is too large.");

/**
 * Refuses bodies over `maxSize` bytes with 413, without holding more than `maxSize`: at once when
 * the declared length is over it, and otherwise (a chunked body) as soon as the bytes read pass
 * it, after reading and dropping the rest, so the client reads the same 413 either way instead of
 * a reset connection (see `refused-body.ts`).
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number(declared) > maxSize) throw tooLarge();
      return next();
    }
    const read = await readAtMost(body, maxSize, tooLarge);
    c.req.raw = new Request(c.req.raw, { body: await read.arrayBuffer() });
    return next();
  };
}

export const jsonBodyLimit = limitBody(JSON_BODY_LIMIT_BYTES);

/**
 * The byte limit of a JSON body whose fields promise `characters` characters in all, so any script
 * fits: JSON.stringify writes a character in at most 6 bytes (a control character as `\u0001`; any
 * other takes at most 4 in UTF-8), and 4 KiB covers the keys and the short fields.
 */
export function charactersBodyLimit(characters: number) {
  return limitBody(characters * 6 + 4 * 1024);
}

/** The caller's mistakes in one 400: the first as the message, each field's under `errors`. */
export function refuseInvalid(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  what: string,
): never {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.join(".") || what;
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  const first = issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  throw new ApiError(400, "validation_failed", `${where}${first?.message ?? `Invalid request ${what}`}`, errors);
}

/** Validates the JSON body; failures answer 400 with every field's messages in `errors`. */
export function jsonBody<T extends ZodType>(schema: T) {
  return zValidator("json", schema, (result) => {
    if (!result.success) refuseInvalid(result.error.issues, "body");
  });
}

/** The query string, parsed by `schema`, as `c.req.valid("query")`. */
export function queryOf<T extends ZodType>(schema: T) {
  return zValidator("query", schema, (result) => {
    if (!result.success) refuseInvalid(result.error.issues, "query");
  });
}
