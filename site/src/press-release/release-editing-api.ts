import { API, pathOf } from "@contracts/api-paths.ts";
import type { Language } from "@contracts/languages.ts";
import type { ReleaseExportFormat } from "@worker/press-releases/contracts/press-releases.ts";
import type { RegenerateBody } from "@worker/press-releases/contracts/release-options.ts";
import { apiFetch, apiRequest, schemaOf } from "../api/client.ts";

/**
 * A finished press release's text, versions, exports, regeneration and headlines (`/api/press-releases/:id…`).
 * Where a function takes a `language`, it is about the release's copy in that language (the recording's).
 */

const pressReleases = () => import("@worker/press-releases/contracts/press-releases.ts");
const releaseOptions = () => import("@worker/press-releases/contracts/release-options.ts");
const releasePath = (id: string) => pathOf(API.pressReleases.path.job, { id });

/** A page of versions, the newest unless `before` (the previous page's `next_before`) asks for older ones. */
export const versionsPath = (id: string, before?: number, language?: Language) =>
  `${language ? pathOf(API.pressReleases.path.translationVersions, { id }) : `${releasePath(id)}/versions`}${
    before === undefined ? "" : `?before=${before}`
  }`;

/** `headlines` (restoring a version) replaces the alternative headlines too. */
export const saveReleaseText = async (id: string, text: string, headlines?: readonly string[]): Promise<void> => {
  await apiFetch(releasePath(id), { method: "PATCH", body: headlines ? { text, headlines } : { text } });
};

/** Saves the copy in the recording's language; it has no alternative headlines. */
export const saveTranslatedText = async (id: string, text: string): Promise<void> => {
  await apiFetch(pathOf(API.pressReleases.path.translation, { id }), { method: "PATCH", body: { text } });
};

export const fetchVersions = (path: string) =>
  apiRequest(path, { schema: schemaOf(pressReleases, "releaseVersionsSchema") });

/** The export as a file, named as the Worker names it. */
export async function fetchExport(
  id: string,
  format: ReleaseExportFormat,
  language?: Language,
): Promise<{ blob: Blob; name: string }> {
  const path = language ? pathOf(API.pressReleases.path.translationExport, { id }) : `${releasePath(id)}/export`;
  const response = await apiFetch(`${path}?format=${format}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return { blob: await response.blob(), name: name ?? `press-release.${format}` };
}

const regeneration = schemaOf(releaseOptions, "regenerationSchema");

/** Starts writing the release again with these options; poll the answer's id with `fetchRegeneration`. */
export const regenerateRelease = (id: string, options: RegenerateBody) =>
  apiRequest(`${releasePath(id)}/regenerate`, { method: "POST", body: options, schema: regeneration });

export const fetchRegeneration = (id: string, regenerationId: string) =>
  apiRequest(`${releasePath(id)}/regenerations/${regenerationId}`, { schema: regeneration });

/** Makes one of the alternative headlines the release's; answers the release's text and alternatives after. */
export const pickHeadline = (id: string, headline: string) =>
  apiRequest(`${releasePath(id)}/headline`, {
    method: "POST",
    body: { headline },
    schema: schemaOf(releaseOptions, "pickedHeadlineSchema"),
  });
