/**
 * Resumable uploads (tus 1.0): the protocol's version and extensions, our limit and path. No zod
 * here: the upload tools import these as they load, before any schema has (site/src/api/client.ts).
 */

export const TUS_VERSION = "1.0.0";
export const TUS_EXTENSIONS = "creation,termination,expiration";
/** The largest recording either speech provider fetches by URL is about 2 GB; we stop at 2 GiB. */
export const UPLOAD_MAX_BYTES = 2 * 1024 ** 3;

/** Headers a tus client sends and must read, for cross-origin use. */
export const TUS_REQUEST_HEADERS = [
  "tus-resumable",
  "upload-length",
  "upload-metadata",
  "upload-offset",
  "upload-defer-length",
  "x-http-method-override",
];
export const TUS_RESPONSE_HEADERS = [
  "tus-resumable",
  "tus-version",
  "tus-extension",
  "tus-max-size",
  "upload-offset",
  "upload-length",
  "upload-metadata",
  "upload-expires",
];
