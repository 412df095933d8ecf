import { API } from "../../contracts/api-paths.ts";

/**
 * The account's data download (Settings › Account), shared by the Worker and the site. No zod
 * here: the site's Settings page needs only the paths and the header.
 *
 * The JSON holds the person's own workspace's work and, under `created_in_other_workspaces`, what
 * they made in each other workspace (`{workspace: {id, name}, press_releases, reports, recordings,
 * live_transcripts, speech}`, in the shapes of their own work), while they belong to it. The files
 * zip holds their own workspace's files and, under
 * `other-workspaces/<workspace's name>-<start of its id>/`, the audio they made in each other one
 * (their recordings, their speech, and what their reports and releases stored themselves).
 */
export const ACCOUNT_EXPORT_PATHS = {
  data: API.account.path.export,
  files: API.account.path.exportFiles,
  filesLinks: API.account.path.exportFilesLinks,
  downloads: API.downloads.mount,
} as const;

/** The links stay usable this long: time to start each part's download, not to finish it. */
export const FILES_LINK_TTL_MS = 60 * 60 * 1000;

/** `vox-files-2026-11-27.zip`, or `vox-files-2026-11-27-part-2-of-3.zip` when the files need several. */
export function filesZipName(day: string, part: number, parts: number): string {
  return `vox-files-${day}${parts === 1 ? "" : `-part-${part}-of-${parts}`}.zip`;
}

/** How many zips the account's files need; each is asked for with `?part=1…N`. */
export const ZIP_PARTS_HEADER = "x-vox-parts";

/** `2026-11-27`: the day in a download's file name, in Lagos time like every date Vox shows. */
export function exportDay(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(date);
}
