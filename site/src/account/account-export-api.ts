import { ACCOUNT_EXPORT_PATHS, exportDay } from "@worker/accounts/contracts/account-export.ts";
import type { AccountFilesLinks } from "@worker/accounts/contracts/account-files-links.ts";
import { apiFetch, apiRequest, schemaOf } from "../api/client.ts";

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

const filesLinksAnswer = schemaOf(
  () => import("@worker/accounts/contracts/account-files-links.ts"),
  "accountFilesLinksSchema",
);

/**
 * Links to the account's stored audio as zips (several when it is large), which the browser
 * downloads itself: a zip can be 2 GiB, more than a page should hold in memory.
 */
export function fetchAccountFilesLinks(): Promise<AccountFilesLinks> {
  return apiRequest(ACCOUNT_EXPORT_PATHS.filesLinks, { method: "POST", schema: filesLinksAnswer });
}
