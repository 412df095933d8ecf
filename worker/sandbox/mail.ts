import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { SANDBOX_MAIL_WEBHOOK_SECRET } from "../core/config.ts";
import { ApiError } from "../core/errors.ts";
import { signMailEvent } from "../distribution/mail-webhook-signature.ts";
import { domainOfAddress } from "../providers/mail.ts";
import { takeFault } from "./faults.ts";
import { keyRefusal, resendError, sandboxDomainVerified, sandboxMailDomains } from "./mail-domains.ts";

/**
 * Emulates the transactional e-mail provider (Resend's `POST /emails`) and exposes the outbox, so a
 * local user or a test can read what would have been sent (OTP codes, notifications).
 */
export const sandboxMail = new Hono<AppEnv>();

const sendSchema = z.object({
  from: z.string().min(1),
  to: z.union([z.string().email(), z.array(z.string().email()).min(1).max(50)]),
  subject: z.string().min(1).max(998),
  text: z.string().max(100_000).optional(),
  html: z.string().max(500_000).optional(),
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]{1,100}$/), z.string().max(2_000)).optional(),
  // Resend takes up to 40 MB of attachments; the sandbox keeps a few small ones to show and test.
  attachments: z
    .array(z.object({ filename: z.string().min(1).max(255), content: z.string().max(2_000_000) }))
    .max(5)
    .optional(),
  reply_to: z.union([z.string().email(), z.array(z.string().email()).min(1).max(50)]).optional(),
});

/**
 * Resend sends only from domains it has verified for the account. The sandbox account's own
 * domain is MAIL_FROM's, which production verifies once before anything is sent.
 */
async function senderRefusal(db: D1Database, from: string, mailFrom: string): Promise<Response | null> {
  const domain = domainOfAddress(from);
  if (domain === domainOfAddress(mailFrom) || (await sandboxDomainVerified(db, domain))) return null;
  return resendError(
    403,
    "validation_error",
    `The ${domain} domain is not verified. Please, add and verify your domain.`,
  );
}

/** The same e-mail id for the same idempotency key, so a repeated send finds the first one's rows. */
async function idFromKey(key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  const hex = Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

sandboxMail.post("/emails", async (c) => {
  const refused = keyRefusal(c);
  if (refused) return refused;
  const fault = await takeFault(c.env.DB, "resend-emails");
  if (fault) return resendError(fault, "application_error", "An unexpected error occurred, please try again later.");

  const parsed = sendSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) {
    return resendError(422, "validation_error", parsed.error.issues[0]?.message ?? "Invalid body");
  }
  const { from, to, subject, text, html, headers, attachments, reply_to } = parsed.data;
  const unverified = await senderRefusal(c.env.DB, from, c.var.config.mailFrom);
  if (unverified) return unverified;
  // Resend keeps an idempotency key 24 hours: a send repeated under it answers the first one's id
  // and delivers nothing more. The sandbox keeps them for good.
  const key = c.req.header("idempotency-key");
  if (key !== undefined && (key.length === 0 || key.length > 256)) {
    return resendError(400, "invalid_idempotency_key", "The key must be between 1-256 chars.");
  }
  const id = key ? await idFromKey(key) : crypto.randomUUID();
  const createdAt = new Date().toISOString();
  const body = text ?? html ?? "";
  const recipients = Array.isArray(to) ? to : [to];
  await c.env.DB.batch(
    recipients.map((recipient) =>
      c.env.DB.prepare(
        `INSERT INTO sandbox_mail (id, sender, recipient, subject, text, html, headers, created_at, attachments, reply_to)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      ).bind(
        `${id}:${recipient}`,
        from,
        recipient,
        subject,
        body,
        html ?? null,
        JSON.stringify(headers ?? {}),
        createdAt,
        JSON.stringify(attachments ?? []),
        reply_to === undefined ? null : [reply_to].flat().join(", "),
      ),
    ),
  );
  return c.json({ id });
});

interface OutboxRow {
  readonly from: string;
  readonly reply_to: string | null;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly headers: string;
  readonly created_at: string;
  readonly attachments: string;
}

const outboxQuery = z.object({ to: z.string().email() });

sandboxMail.get("/messages", async (c) => {
  const parsed = outboxQuery.safeParse(c.req.query());
  if (!parsed.success) {
    throw new ApiError(400, "validation_failed", "Query parameter `to` must be an e-mail address");
  }
  const { results } = await c.env.DB.prepare(
    `SELECT sender AS "from", reply_to, recipient AS "to", subject, text, html, headers, created_at, attachments FROM sandbox_mail
     WHERE recipient = ? ORDER BY created_at DESC, rowid DESC LIMIT 50`,
  )
    .bind(parsed.data.to)
    .all<OutboxRow>();
  return c.json({
    messages: results.map((message) => ({
      ...message,
      headers: JSON.parse(message.headers) as Record<string, string>,
      attachments: JSON.parse(message.attachments) as unknown,
    })),
  });
});

const eventBody = z.object({
  to: z.string().email(),
  type: z.enum(["email.bounced", "email.complained"]),
});

/**
 * Plays the provider's side of a bounce or a complaint: the newest e-mail to `to` bounced (or its
 * reader marked it as spam), and the signed webhook event goes to the Worker, as Resend's would.
 * Answers what the webhook answered.
 */
sandboxMail.post("/events", async (c) => {
  const parsed = eventBody.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) {
    throw new ApiError(400, "validation_failed", "Send {to, type} with type email.bounced or email.complained");
  }
  const { to, type } = parsed.data;
  const row = await c.env.DB.prepare(
    "SELECT id FROM sandbox_mail WHERE recipient = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
  )
    .bind(to)
    .first<{ id: string }>();
  if (!row) throw new ApiError(404, "not_found", `No e-mail to ${to} in the outbox`);
  const emailId = row.id.slice(0, row.id.length - to.length - 1);
  const body = JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: emailId, to: [to] } });
  const webhook = new Request(new URL(API.mailEvents.path.webhook, c.req.url), {
    method: "POST",
    headers: { "content-type": "application/json", ...(await signMailEvent(SANDBOX_MAIL_WEBHOOK_SECRET, body)) },
    body,
  });
  const answer = await c.var.dispatch(webhook);
  return c.json(await answer.json(), answer.status === 200 ? 200 : 502);
});

sandboxMail.route("/", sandboxMailDomains);

/** Receipts in the outbox, counted as a `receipts` row, for the sandbox's billing bench. */
export function receiptsMailed(db: D1Database): D1PreparedStatement {
  return db.prepare(
    "SELECT 'receipts' AS status, count(*) AS count FROM sandbox_mail WHERE subject LIKE 'Your Vox receipt%'",
  );
}
