import { useState } from "react";
import { errorMessage } from "./form-fields.tsx";
import { toast } from "./toast.ts";
import { TOAST_MS } from "./toast-timing.ts";

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

/** A file the API wrote, with the name to save it under. */
export interface FetchedFile {
  readonly blob: Blob;
  readonly name: string;
}

/**
 * A row of download buttons, one per format of a file the API writes: `save` fetches a format and
 * saves it under its name, telling a failure in an error toast; `busy` is the format being fetched,
 * null when none, so the buttons can wait for it.
 */
export function useFileDownload<Format extends string>(fetchFile: (format: Format) => Promise<FetchedFile>) {
  const [busy, setBusy] = useState<Format | null>(null);
  const save = async (format: Format) => {
    setBusy(format);
    try {
      const file = await fetchFile(format);
      downloadBlob(file.blob, file.name);
    } catch (error) {
      toast.error("Error", { description: errorMessage(error), duration: TOAST_MS });
    } finally {
      setBusy(null);
    }
  };
  return { busy, save };
}
