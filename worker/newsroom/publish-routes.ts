import { type Context, Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { findOwnFinishedRelease } from "../jobs/own-job.ts";
import { releaseHeadline } from "../press-releases/contracts/release-markdown.ts";
import { auditRequest, releaseTarget } from "../workspaces/audit.ts";
import { publishBody } from "./contracts/newsroom.ts";
import { type PublishContext, publicationState, publishRelease, takeDownRelease } from "./publish.ts";

/**
 * `/api/press-releases/:id/publish`: the caller's finished release on their newsroom (`POST`, now
 * or under embargo), where it is (`GET`), and off it (`DELETE`). Anyone else's release is a 404.
 */
export const publishing = new Hono<AppEnv>();

const noStore = { "cache-control": "no-store" };

const publishContext = (c: Context<AppEnv>): PublishContext => ({
  env: c.env,
  config: c.var.config,
  cache: c.var.edgeCache,
  origin: new URL(c.req.url).origin,
});

publishing.get(API.pressReleases.at.publish, requireUser, async (c) => {
  const release = await findOwnFinishedRelease(c);
  return c.json(await publicationState(publishContext(c), release), 200, noStore);
});

publishing.post(API.pressReleases.at.publish, requireUser, jsonBodyLimit, jsonBody(publishBody), async (c) => {
  const release = await findOwnFinishedRelease(c);
  await limitWrite(c, "newsroom");
  const publication = await publishRelease(publishContext(c), release, c.req.valid("json").embargo_until);
  await auditRequest(c, "release.published", releaseTarget(releaseHeadline(release.text), release.file_name));
  return c.json(publication, 200, noStore);
});

publishing.delete(API.pressReleases.at.publish, requireUser, async (c) => {
  const release = await findOwnFinishedRelease(c);
  await limitWrite(c, "newsroom");
  await takeDownRelease(publishContext(c), release);
  await auditRequest(c, "release.unpublished", releaseTarget(releaseHeadline(release.text), release.file_name));
  return c.json({ status: "draft" }, 200, noStore);
});
