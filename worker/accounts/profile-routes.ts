import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { profileBody } from "./contracts/auth.ts";
import { requireNigerianPhone } from "./phone.ts";
import { requireUser } from "./sessions.ts";
import { publicUser, updateProfile } from "./users.ts";

/** `/api/profile`: the signed-in person corrects what they gave at sign-up (the e-mail stays). */
export const profile = new Hono<AppEnv>();

profile.patch(API.profile.at.profile, requireUser, jsonBodyLimit, jsonBody(profileBody), async (c) => {
  const body = c.req.valid("json");
  await limitWrite(c, "profile");
  const phone = body.phone_number === undefined ? undefined : requireNigerianPhone(body.phone_number, "phone_number");
  const updated = await updateProfile(c.env.DB, c.var.user.id, { ...body, phone_number: phone });
  if (!updated) throw new ApiError(404, "not_found", "This account no longer exists.");
  return c.json({ message: "Profile updated", data: publicUser(updated) });
});
