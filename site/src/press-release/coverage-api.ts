import { API, pathOf } from "@contracts/api-paths.ts";
import type { CoverageItem } from "@worker/press-releases/contracts/coverage.ts";
import { apiRequest, messageResponse, schemaOf } from "../api/client.ts";

/** A release's coverage log (`/api/press-releases/:id/coverage`). */

const coverage = () => import("@worker/press-releases/contracts/coverage.ts");

export const coveragePath = (id: string) => pathOf(API.pressReleases.path.coverage, { id });

export const fetchCoverage = (path: string) => apiRequest(path, { schema: schemaOf(coverage, "coverageList") });

export const logCoverage = (id: string, item: Pick<CoverageItem, "url" | "outlet" | "published_at">) =>
  apiRequest(coveragePath(id), { method: "POST", body: item, schema: schemaOf(coverage, "coverageItem") });

export const removeCoverage = (id: string, coverageId: string) =>
  apiRequest(pathOf(API.pressReleases.path.coverageItem, { id, coverageId }), {
    method: "DELETE",
    schema: messageResponse,
  });
