import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { organisationBody } from "./contracts/organisation.ts";
import { organisationOf, saveOrganisation } from "./store.ts";

/** `/api/organisation`: the signed-in account's press kit, which every new press release uses. */

const noStore = { "cache-control": "no-store" };

export const organisation = new Hono<AppEnv>();
organisation.use("*", requireUser);

organisation.get("/", async (c) => c.json(await organisationOf(c.env.DB, c.var.user.id), 200, noStore));

organisation.put("/", jsonBodyLimit, jsonBody(organisationBody), async (c) => {
  const kit = c.req.valid("json");
  await saveOrganisation(c.env.DB, c.var.user.id, kit, new Date().toISOString());
  return c.json(kit, 200, noStore);
});
