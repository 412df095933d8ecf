import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { assertActivePlan } from "../billing/require-plan.ts";
import { API } from "../contracts/api-paths.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { findOwnFinishedRelease } from "../jobs/own-job.ts";
import { releaseHeadline } from "../press-releases/contracts/release-markdown.ts";
import { auditRequest, releaseTarget } from "../workspaces/audit.ts";
import { DISTRIBUTION_RECIPIENTS_SHOWN, type Distribution, sendBody } from "./contracts/distribution.ts";
import { sendRelease } from "./send-release.ts";
import { distributionOf } from "./store.ts";

/**
 * `/api/press-releases/:id/send` and `…/distribution`: the caller's finished release mailed to their
 * media list, and what came of it. Anyone else's release is a 404.
 */
export const distribution = new Hono<AppEnv>();

const noStore = { "cache-control": "no-store" };

distribution.post(API.pressReleases.at.send, requireUser, jsonBodyLimit, jsonBody(sendBody), async (c) => {
  const release = await findOwnFinishedRelease(c);
  // Each e-mail is paid for at the mail provider, as a tool's call is: an ended plan sends none.
  assertActivePlan(c.var.account);
  await limitWrite(c, "releaseSend");
  const answer = await sendRelease({
    env: c.env,
    release,
    plan: c.var.account.plan,
    body: c.req.valid("json"),
    origin: new URL(c.req.url).origin,
    now: new Date(),
  });
  await auditRequest(c, "release.sent", releaseTarget(releaseHeadline(release.text), release.file_name));
  return c.json(answer, 202, noStore);
});

distribution.get(API.pressReleases.at.distribution, requireUser, async (c) => {
  const release = await findOwnFinishedRelease(c);
  const { figures, recipients } = await distributionOf(
    c.env.DB,
    release.id,
    release.user_id,
    DISTRIBUTION_RECIPIENTS_SHOWN,
  );
  const answer: Distribution = { ...figures, recipients };
  return c.json(answer, 200, noStore);
});
