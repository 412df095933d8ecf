/**
 * Has the browser download `url` itself, streamed to disk: for files too large for the page to hold.
 * (`download` names same-origin files; the server's Content-Disposition names the others.)
 */
export function downloadUrl(url: string, filename: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
}

/** Saves a blob under `filename` through a temporary link, as a download the user keeps. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text as a UTF-8 file. */
export function downloadText(text: string, filename: string, type = "text/plain"): void {
  downloadBlob(new Blob([text], { type: `${type};charset=utf-8` }), filename);
}
