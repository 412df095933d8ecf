import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { suppressAddress } from "../contacts/store.ts";
import { API } from "../contracts/api-paths.ts";
import { ApiError } from "../core/errors.ts";
import { limitBody } from "../core/validate.ts";
import { isValidMailEvent } from "./mail-webhook-signature.ts";
import { markBounced, recipientOfProviderId } from "./store.ts";

/**
 * The mail provider's signed delivery events (Resend's webhook). A bounce or a complaint about a
 * release e-mail stops every future send of that account to the address; other events, and events
 * about e-mails that were not releases (sign-in codes, receipts), are acknowledged and ignored.
 */
export const mailEvents = new Hono<AppEnv>();

const STOPPING = { "email.bounced": "bounced", "email.complained": "complained" } as const;

const mailEvent = z.object({
  type: z.string(),
  data: z.object({ email_id: z.string().max(200).optional() }).loose(),
});

// An event names one e-mail and its headers; 64 KiB is ample.
mailEvents.post(API.mailEvents.at.webhook, limitBody(64 * 1024), async (c) => {
  const rawBody = await c.req.text();
  const secret = c.var.config.mailWebhookSecret;
  const signed = {
    id: c.req.header("svix-id"),
    timestamp: c.req.header("svix-timestamp"),
    signature: c.req.header("svix-signature"),
  };
  if (!secret || !(await isValidMailEvent(secret, rawBody, signed))) {
    throw new ApiError(401, "invalid_signature", "The webhook signature does not match.");
  }
  let event: z.infer<typeof mailEvent>;
  try {
    event = mailEvent.parse(JSON.parse(rawBody));
  } catch {
    throw new ApiError(400, "bad_request", "The webhook body is not a mail event.");
  }
  // Own keys only: a type named after an object's inherited key ("constructor") stops no one.
  const reason = Object.hasOwn(STOPPING, event.type) ? STOPPING[event.type as keyof typeof STOPPING] : undefined;
  const recipient = reason && event.data.email_id ? await recipientOfProviderId(c.env.DB, event.data.email_id) : null;
  if (!reason || !recipient) return c.json({ received: true, handled: false });
  const now = new Date().toISOString();
  await c.env.DB.batch([
    ...suppressAddress(c.env.DB, recipient.user_id, recipient.email, reason, now),
    markBounced(c.env.DB, recipient.id, reason, now),
  ]);
  return c.json({ received: true, handled: true });
});
