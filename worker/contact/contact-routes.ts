import { Hono } from "hono";
import { requireNigerianPhone } from "../accounts/phone.ts";
import type { AppEnv } from "../app-env.ts";
import { deliverInBackground } from "../core/mailer.ts";
import { limitAction } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { insertContactRequest } from "./contact-requests.ts";
import { contactRequestBody } from "./contracts/contact.ts";

/** `POST /api`: consultation and contact requests, stored and announced to the team. */
export const contact = new Hono<AppEnv>();

contact.post("/", jsonBodyLimit, jsonBody(contactRequestBody), async (c) => {
  const body = c.req.valid("json");
  await limitAction(c, "contact", body.email);
  const phone = requireNigerianPhone(body.phone, "phone");
  const id = crypto.randomUUID();
  await insertContactRequest(c.env.DB, {
    id,
    kind: body.kind,
    full_name: body.full_name,
    email: body.email,
    phone,
    company_name: body.company_name,
    message: body.message,
    created_at: new Date().toISOString(),
  });
  deliverInBackground(c, {
    to: c.var.config.teamEmail,
    subject: `New ${body.kind} request from ${body.full_name}`,
    text: [
      `Name: ${body.full_name}`,
      `E-mail: ${body.email}`,
      `Phone: ${phone}`,
      `Company: ${body.company_name || "-"}`,
      "",
      body.message || "(no message)",
    ].join("\n"),
  });
  return c.json({ message: "Request Submitted Successfully", data: { id } }, 201);
});
