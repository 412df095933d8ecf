import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../core/errors.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { SLUG_TAKEN } from "../newsroom/contracts/newsroom.ts";
import { purgeNewsroom } from "../newsroom/newsroom-cache.ts";
import { auditEditRequest } from "../workspaces/audit.ts";
import { organisationBody } from "./contracts/organisation.ts";
import { organisationViewOf, SlugTakenError, saveOrganisation } from "./store.ts";

/**
 * `/api/organisation`: the signed-in account's press kit, which every new press release uses, and
 * its newsroom address.
 */

const noStore = { "cache-control": "no-store" };

export const organisation = new Hono<AppEnv>();

// Signed in route by route: the sending domain's router shares this mount.
organisation.get("/", requireUser, async (c) =>
  c.json(await organisationViewOf(c.env.DB, c.var.account.id), 200, noStore),
);

organisation.put("/", requireUser, jsonBodyLimit, jsonBody(organisationBody), async (c) => {
  const { slug, ...kit } = c.req.valid("json");
  const before = await organisationViewOf(c.env.DB, c.var.account.id);
  const moving = slug !== undefined && slug !== before.slug;
  // A new address purges the old one's pages: bounded like every other newsroom write.
  if (moving) await limitWrite(c, "newsroom");
  try {
    await saveOrganisation(c.env.DB, c.var.account.id, kit, slug, new Date().toISOString());
  } catch (error) {
    if (!(error instanceof SlugTakenError)) throw error;
    const message = "That newsroom address is taken; choose another.";
    throw new ApiError(409, SLUG_TAKEN, message, { slug: [message] });
  }
  // The press kit is the workspace's one, so the workspace's id names it.
  await auditEditRequest(c, "press_kit.edited", "the press kit", c.var.account.id);
  // The kit's About and media contact are on every page of the newsroom.
  if (before.slug) await purgeNewsroom(c.env.DB, c.var.edgeCache, before.slug, c.var.account.id);
  return c.json({ ...kit, slug: moving ? slug : before.slug }, 200, noStore);
});
