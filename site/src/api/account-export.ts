import { ACCOUNT_EXPORT_PATHS, exportDay, ZIP_PARTS_HEADER } from "@contracts/account-export.ts";
import { apiFetch } from "./client.ts";

/** A download from the Worker, named as the Worker named it. */
export interface Download {
  readonly blob: Blob;
  readonly fileName: string;
}

const fileNameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallback;

/** Everything the account holds, as one JSON file. */
export async function fetchAccountData(): Promise<Download> {
  const response = await apiFetch(ACCOUNT_EXPORT_PATHS.data);
  return { blob: await response.blob(), fileName: fileNameOf(response, `vox-data-${exportDay(new Date())}.json`) };
}

/** Zip `part` of the account's stored audio, and how many zips the files need. */
export async function fetchAccountFiles(part: number): Promise<Download & { readonly parts: number }> {
  const response = await apiFetch(`${ACCOUNT_EXPORT_PATHS.files}?part=${part}`);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response, `vox-files-${exportDay(new Date())}-part-${part}.zip`),
    parts: Number(response.headers.get(ZIP_PARTS_HEADER) ?? "1") || 1,
  };
}
