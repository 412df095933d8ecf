import { zValidator } from "@hono/zod-validator";
import { bodyLimit } from "hono/body-limit";
import type { ZodType } from "zod";
import { ApiError } from "./errors.ts";

/** JSON bodies of account and form endpoints are small; anything larger is refused unread. */
export const JSON_BODY_LIMIT_BYTES = 16 * 1024;

/** Refuses bodies over `maxSize` bytes with 413, without reading past the limit. */
export function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, "payload_too_large", "The request body is too large.");
    },
  });
}

export const jsonBodyLimit = limitBody(JSON_BODY_LIMIT_BYTES);

/** Validates the JSON body; failures answer 400 with every field's messages in `errors`. */
export function jsonBody<T extends ZodType>(schema: T) {
  return zValidator("json", schema, (result) => {
    if (result.success) return;
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join(".") || "body";
      errors[field] = [...(errors[field] ?? []), issue.message];
    }
    const first = result.error.issues[0];
    const where = first?.path.length ? `${first.path.join(".")}: ` : "";
    throw new ApiError(400, "validation_failed", `${where}${first?.message ?? "Invalid request body"}`, errors);
  });
}
