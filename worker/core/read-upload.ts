import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import {
  ANALYSIS_FORMATS_HINT,
  formatBytes,
  isAnalysableMedia,
  isPlainMediaType,
} from "../recordings/contracts/media.ts";
import { ApiError } from "./errors.ts";

/** Multipart room for the boundary and part headers around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

export interface UploadRule {
  /** The form field holding the file. */
  readonly field: string;
  readonly maxBytes: number;
  readonly accepts: (type: string) => boolean;
  /** Said to the user when the field is missing or empty. */
  readonly missing: string;
  /** Said to the user when the type is not accepted. */
  readonly wrongType: string;
}

export interface Upload {
  readonly file: File;
  readonly form: FormData;
}

/**
 * Reads one file from a multipart body, refusing oversized uploads from Content-Length before any
 * byte is read, then checking presence, media type and real size.
 */
export async function readUpload(c: Context<AppEnv>, rule: UploadRule): Promise<Upload> {
  const tooLarge = new ApiError(
    413,
    "payload_too_large",
    `The file is too large. The limit is ${formatBytes(rule.maxBytes)}.`,
  );
  if (Number(c.req.header("content-length") ?? 0) > rule.maxBytes + ENVELOPE_BYTES) throw tooLarge;
  if (!c.req.header("content-type")?.startsWith("multipart/form-data")) {
    throw new ApiError(415, "unsupported_media_type", "Send the file as multipart/form-data.");
  }
  const form = await c.req.formData().catch(() => {
    throw new ApiError(400, "bad_request", "The upload could not be read.");
  });
  const file = form.get(rule.field);
  if (!(file instanceof File) || file.size === 0) {
    throw new ApiError(400, "validation_failed", rule.missing, { [rule.field]: [rule.missing] });
  }
  if (!rule.accepts(file.type)) throw refusedMediaType(rule.field, file.type, rule.wrongType);
  if (file.size > rule.maxBytes) throw tooLarge;
  return { file, form };
}

/**
 * A declared type that is not a plain `type/subtype` is malformed (400), whatever it starts with;
 * a plain one the tool does not take is 415.
 */
export function refusedMediaType(field: string, type: string, wrongType: string): ApiError {
  if (type && !isPlainMediaType(type)) {
    const message = "The file type must be a plain type/subtype such as audio/mpeg.";
    return new ApiError(400, "validation_failed", message, { [field]: [message] });
  }
  return new ApiError(415, "unsupported_media_type", wrongType, { [field]: [wrongType] });
}

/** The rule both analysis tools (sentiment, press release) apply to their `file` field. */
export function analysisUpload(maxBytes: number, missing: string): UploadRule {
  return {
    field: "file",
    maxBytes,
    accepts: isAnalysableMedia,
    missing,
    wrongType: `Choose an audio or video file: ${ANALYSIS_FORMATS_HINT}.`,
  };
}
