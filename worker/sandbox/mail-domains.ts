import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { billingNow } from "../billing/billing-clock.ts";
import { sandboxKey } from "../core/config.ts";
import { ApiError } from "../core/errors.ts";
import {
  createDomainRequest,
  type DomainRecord,
  type DomainStatus,
  REGIONS,
} from "../providers/contracts/resend-domains.ts";
import { takeFault } from "./faults.ts";

/**
 * Emulates Resend's Domains API for the sandbox mail provider: domains kept in D1, each with the
 * SPF and DKIM records Resend asks for, refused as Resend refuses (no name, a name that is no
 * domain, one already added, an unknown id, a wrong key). Nobody can publish DNS records for the
 * sandbox, so `POST /__sandbox/mail/domains/<name>/dns` says they are in place (or, with
 * `{published: false}`, taken away); the next verify then finds them, as Resend's check would.
 */
export const sandboxMailDomains = new Hono<AppEnv>();

/** Resend's error shape, as the send emulator answers it. */
export function resendError(statusCode: number, name: string, message: string): Response {
  return Response.json({ statusCode, name, message }, { status: statusCode });
}

/** Refuses a missing or wrong key as Resend does; null when the key is the sandbox's. */
export function keyRefusal(c: Context<AppEnv>): Response | null {
  const auth = c.req.header("authorization");
  if (!auth) return resendError(401, "missing_api_key", "Missing API key in the authorization header");
  if (auth !== `Bearer ${sandboxKey("mail")}`) return resendError(403, "invalid_api_key", "API key is invalid");
  return null;
}

for (const path of ["/domains", "/domains/:id", "/domains/:id/verify"]) {
  sandboxMailDomains.use(path, async (c, next) => {
    const refused = keyRefusal(c);
    if (refused) return refused;
    const fault = await takeFault(c.env.DB, "resend-domains");
    if (fault) return resendError(fault, "application_error", "An unexpected error occurred, please try again later.");
    await next();
  });
}

/** Resend gives up looking for a domain's records after 72 hours. */
const VERIFY_WINDOW_MS = 72 * 3_600_000;

/** A host name of at least two labels, each of letters, digits and inner hyphens. */
const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

interface DomainRow {
  readonly id: string;
  readonly name: string;
  readonly region: string;
  readonly custom_return_path: string;
  readonly dkim_key: string;
  readonly status: DomainStatus;
  readonly dns_published: number;
  readonly verify_started_at: string | null;
  readonly created_at: string;
}

/** Resend writes times as Postgres prints them. */
const providerTime = (iso: string) => iso.replace("T", " ").replace("Z", "+00");

/** The status a read shows: a domain still looked for past Resend's window has failed. */
async function statusNow(db: D1Database, row: DomainRow): Promise<DomainStatus> {
  if (row.status !== "pending" || row.verify_started_at === null) return row.status;
  const now = await billingNow(db, { sandbox: true });
  return now.getTime() - Date.parse(row.verify_started_at) >= VERIFY_WINDOW_MS ? "failed" : "pending";
}

function recordsOf(row: DomainRow, status: DomainStatus): DomainRecord[] {
  const recordStatus = status === "verified" || status === "failed" || status === "pending" ? status : "not_started";
  const returnPath = row.custom_return_path;
  return [
    {
      record: "SPF",
      name: returnPath,
      type: "MX",
      ttl: "Auto",
      status: recordStatus,
      value: `feedback-smtp.${row.region}.amazonses.com`,
      priority: 10,
    },
    {
      record: "SPF",
      name: returnPath,
      type: "TXT",
      ttl: "Auto",
      status: recordStatus,
      value: '"v=spf1 include:amazonses.com ~all"',
    },
    { record: "DKIM", name: "resend._domainkey", type: "TXT", ttl: "Auto", status: recordStatus, value: row.dkim_key },
  ];
}

async function domainView(db: D1Database, row: DomainRow) {
  const status = await statusNow(db, row);
  return {
    object: "domain",
    id: row.id,
    name: row.name,
    status,
    created_at: providerTime(row.created_at),
    region: row.region,
    open_tracking: false,
    click_tracking: false,
    capabilities: { sending: "enabled", receiving: "disabled" },
    records: recordsOf(row, status),
  };
}

/** A DKIM public key's record: 1,024 random bits stand in for the key. */
function dkimRecord(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(128));
  return `p=${btoa(String.fromCharCode(...bytes))}`;
}

function domainById(db: D1Database, id: string) {
  return db.prepare("SELECT * FROM sandbox_mail_domains WHERE id = ?").bind(id).first<DomainRow>();
}

const notFound = () => resendError(404, "not_found", "Domain not found");

sandboxMailDomains.post("/domains", async (c) => {
  const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
  if (typeof body?.name !== "string" || body.name === "") {
    return resendError(422, "missing_required_field", 'Missing "name" field');
  }
  const parsed = createDomainRequest.safeParse(body);
  if (!parsed.success) {
    const region = parsed.error.issues.some((issue) => issue.path[0] === "region");
    return region
      ? resendError(422, "invalid_region", `Region must be ${REGIONS.map((r) => `"${r}"`).join(" | ")}`)
      : resendError(422, "validation_error", parsed.error.issues[0]?.message ?? "Invalid body");
  }
  const name = parsed.data.name;
  if (!DOMAIN_NAME.test(name)) return resendError(422, "validation_error", "Invalid domain name");
  const row: DomainRow = {
    id: crypto.randomUUID(),
    name,
    region: parsed.data.region ?? "us-east-1",
    custom_return_path: parsed.data.custom_return_path ?? "send",
    dkim_key: dkimRecord(),
    status: "not_started",
    dns_published: 0,
    verify_started_at: null,
    created_at: new Date().toISOString(),
  };
  const inserted = await c.env.DB.prepare(
    `INSERT INTO sandbox_mail_domains (id, name, region, custom_return_path, dkim_key, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING`,
  )
    .bind(row.id, row.name, row.region, row.custom_return_path, row.dkim_key, row.status, row.created_at)
    .run();
  if (inserted.meta.changes === 0) {
    return resendError(403, "validation_error", `The domain ${name} has been registered already.`);
  }
  const { object: _object, ...created } = await domainView(c.env.DB, row);
  return c.json(created, 201);
});

sandboxMailDomains.get("/domains/:id", async (c) => {
  const row = await domainById(c.env.DB, c.req.param("id"));
  return row ? c.json(await domainView(c.env.DB, row)) : notFound();
});

/** Resend looks for the records after answering; the sandbox's DNS is a flag, so it knows at once. */
sandboxMailDomains.post("/domains/:id/verify", async (c) => {
  const row = await domainById(c.env.DB, c.req.param("id"));
  if (!row) return notFound();
  const startedAt = row.verify_started_at ?? (await billingNow(c.env.DB, { sandbox: true })).toISOString();
  await c.env.DB.prepare(
    `UPDATE sandbox_mail_domains SET status = CASE WHEN dns_published = 1 THEN 'verified' ELSE 'pending' END,
       verify_started_at = CASE WHEN dns_published = 1 THEN NULL ELSE ? END
     WHERE id = ?`,
  )
    .bind(startedAt, row.id)
    .run();
  return c.json({ object: "domain", id: row.id });
});

sandboxMailDomains.delete("/domains/:id", async (c) => {
  const id = c.req.param("id");
  const deleted = await c.env.DB.prepare("DELETE FROM sandbox_mail_domains WHERE id = ?").bind(id).run();
  return deleted.meta.changes ? c.json({ object: "domain", id, deleted: true }) : notFound();
});

const dnsBody = z.object({ published: z.boolean().default(true) });

/**
 * Sandbox only: the domain's records are now in its DNS (or, `published: false`, gone again). A
 * verified domain whose records go is no longer verified: Resend would find that on its next
 * periodic check, and fail it after 72 hours of looking; the sandbox fails it at once.
 */
sandboxMailDomains.post("/domains/:name/dns", async (c) => {
  const parsed = dnsBody.safeParse(await c.req.json().catch(() => ({})));
  if (!parsed.success) throw new ApiError(400, "validation_failed", "Send {published} as true or false");
  const published = parsed.data.published;
  const row = await c.env.DB.prepare(
    `UPDATE sandbox_mail_domains SET dns_published = ?1,
       status = CASE WHEN ?1 = 0 AND status = 'verified' THEN 'failed' ELSE status END
     WHERE name = ?2 RETURNING *`,
  )
    .bind(published ? 1 : 0, c.req.param("name").toLowerCase())
    .first<DomainRow>();
  if (!row) throw new ApiError(404, "not_found", `No domain ${c.req.param("name")} at the sandbox mail provider`);
  return c.json(await domainView(c.env.DB, row));
});

/** Whether the sandbox provider has verified `domain`, so a send may use it as its `from`. */
export async function sandboxDomainVerified(db: D1Database, domain: string): Promise<boolean> {
  const row = await db
    .prepare("SELECT status FROM sandbox_mail_domains WHERE name = ?")
    .bind(domain)
    .first<{ status: string }>();
  return row?.status === "verified";
}
