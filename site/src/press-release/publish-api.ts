import { API, pathOf } from "@contracts/api-paths.ts";
import { apiFetch, apiRequest, schemaOf } from "../api/client.ts";

/** A release on the account's public newsroom (`/api/press-releases/:id/publish`). */

const newsroom = () => import("@worker/newsroom/contracts/newsroom.ts");

export const publicationPath = (id: string) => pathOf(API.pressReleases.path.publish, { id });

export const fetchPublication = (path: string) =>
  apiRequest(path, { schema: schemaOf(newsroom, "publicationStateSchema") });

/** Publishes now, or at `embargoUntil` (an ISO time) when given. */
export const publishRelease = (id: string, embargoUntil: string | null) =>
  apiRequest(publicationPath(id), {
    method: "POST",
    body: embargoUntil ? { embargo_until: embargoUntil } : {},
    schema: schemaOf(newsroom, "publicationSchema"),
  });

export const takeDownRelease = async (id: string): Promise<void> => {
  await apiFetch(publicationPath(id), { method: "DELETE" });
};
