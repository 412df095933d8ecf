import type { ReleaseExportFormat } from "@contracts/press-releases.ts";
import { apiFetch, apiRequest, schemaOf } from "./client.ts";

/** A finished press release's text, versions and exports (`/api/press-releases/:id…`). */

const pressReleases = () => import("@contracts/press-releases.ts");
const releasePath = (id: string) => `/api/press-releases/${id}`;

export const versionsPath = (id: string) => `${releasePath(id)}/versions`;

export const saveReleaseText = async (id: string, text: string): Promise<void> => {
  await apiFetch(releasePath(id), { method: "PATCH", body: { text } });
};

export const fetchVersions = (path: string) =>
  apiRequest(path, { schema: schemaOf(pressReleases, "releaseVersionsSchema") });

/** The export as a file, named as the Worker names it. */
export async function fetchExport(id: string, format: ReleaseExportFormat): Promise<{ blob: Blob; name: string }> {
  const response = await apiFetch(`${releasePath(id)}/export?format=${format}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await response.blob(), name: name ?? `press-release.${format}` };
}
