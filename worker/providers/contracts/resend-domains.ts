import { z } from "zod";

/**
 * Resend's Domains API (`POST /domains`, `GET /domains/:id`, `POST /domains/:id/verify`,
 * `DELETE /domains/:id`) as its published OpenAPI description states it (resend-openapi,
 * 2026-08) and its official SDK types (`resend` 6.x). The description marks no field of an
 * answer required, so `documented` holds what every answer carries in its examples, and the
 * adapter reads only what it needs.
 */

export const REGIONS = ["us-east-1", "eu-west-1", "sa-east-1", "ap-northeast-1"] as const;

/** A domain's status; `partially_*` when one of sending and receiving is verified and the other not. */
const DOMAIN_STATUSES = [
  "not_started",
  "pending",
  "verified",
  "failed",
  "partially_verified",
  "partially_failed",
  // Older answers gave a once-verified domain whose records went missing this status itself;
  // it is a record's status now, kept so an answer in the older shape still reads.
  "temporary_failure",
] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

const RECORD_STATUSES = ["not_started", "pending", "verified", "failed", "temporary_failure"] as const;

export const createDomainRequest = z.object({
  name: z.string(),
  region: z.enum(REGIONS).optional(),
  custom_return_path: z.string().optional(),
  open_tracking: z.boolean().optional(),
  click_tracking: z.boolean().optional(),
  tls: z.enum(["opportunistic", "enforced"]).optional(),
  capabilities: z
    .object({ sending: z.enum(["enabled", "disabled"]), receiving: z.enum(["enabled", "disabled"]) })
    .partial()
    .optional(),
  tracking_subdomain: z.string().optional(),
});
export type CreateDomainRequest = z.infer<typeof createDomainRequest>;

/** One DNS record the domain's owner publishes; `priority` only on MX records. */
const domainRecord = z.object({
  record: z.enum(["SPF", "DKIM", "Receiving", "Tracking", "TrackingCAA"]),
  name: z.string(),
  type: z.enum(["MX", "TXT", "CNAME", "CAA"]),
  ttl: z.string(),
  status: z.enum(RECORD_STATUSES),
  value: z.string(),
  priority: z.number().int().optional(),
});
export type DomainRecord = z.infer<typeof domainRecord>;

const capabilities = z.object({ sending: z.enum(["enabled", "disabled"]), receiving: z.enum(["enabled", "disabled"]) });

/** The answer to a create: the domain and the records to publish. */
export const createdDomain = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  capabilities,
  records: z.array(domainRecord),
  region: z.string(),
});

/** `GET /domains/:id`. */
export const domainAnswer = createdDomain.extend({ object: z.literal("domain") });

/** What the adapter reads of a create or a read. */
export const domainNeeded = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  records: z.array(domainRecord),
});
export type ProviderDomain = z.infer<typeof domainNeeded>;

export const verifyAnswer = z.object({ object: z.literal("domain"), id: z.string() });
export const deleteAnswer = z.object({ object: z.literal("domain"), id: z.string(), deleted: z.boolean() });

/** Resend's refusals, as every endpoint gives them. */
export const errorBody = z.object({ statusCode: z.number(), name: z.string(), message: z.string() });
