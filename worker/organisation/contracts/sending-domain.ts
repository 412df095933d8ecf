import { z } from "zod";

/**
 * The organisation's own sending domain (`/api/organisation/sending-domain`), shared with the
 * Sending domain panel in Settings. Releases go from `<local part>@<domain>` once the mail provider
 * has verified the domain, and from Vox's own address until then.
 */

const SENDING_DOMAIN_MAX = 253;
const LOCAL_PART_MAX = 64;
export const DEFAULT_LOCAL_PART = "newsroom";

/** Where a domain stands with the mail provider, in the provider's words. */
export const SENDING_DOMAIN_STATUSES = [
  "not_started",
  "pending",
  "verified",
  "partially_verified",
  "partially_failed",
  "failed",
  "temporary_failure",
] as const;
export type SendingDomainStatus = (typeof SENDING_DOMAIN_STATUSES)[number];

/** Labels of letters, digits and inner hyphens, two at least, the last starting with a letter. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Each way people paste something other than a bare domain, with what to do instead. */
const NOT_A_BARE_DOMAIN: readonly [RegExp, string][] = [
  [/^[a-z][a-z0-9+.-]*:\/\//, "Enter the domain alone, without http:// or https://"],
  [/@/, "Enter the domain alone: the part after the @ of an address"],
  [/[/?#\\]/, "Enter the domain alone, without a path"],
  [/:/, "Enter the domain alone, without a port"],
  [/\s/, "A domain has no spaces"],
  [/[^\x21-\x7e]/, "Write the domain in ASCII: an accented name in its xn-- form"],
];

const sendingDomainField = z
  .string({ error: "Enter a domain" })
  .trim()
  .toLowerCase()
  // A fully qualified name's closing dot is the same domain.
  .overwrite((value) => value.replace(/\.$/, ""))
  .min(1, "Enter a domain, such as news.example.com")
  .max(SENDING_DOMAIN_MAX, `A domain has at most ${SENDING_DOMAIN_MAX} characters`)
  .superRefine((value, ctx) => {
    const wrong = NOT_A_BARE_DOMAIN.find(([pattern]) => pattern.test(value));
    if (wrong) ctx.addIssue({ code: "custom", message: wrong[1] });
    else if (!HOST_NAME.test(value))
      ctx.addIssue({ code: "custom", message: "Enter a domain, such as news.example.com" });
  });

const localPartField = z
  .string({ error: "Enter the part before the @" })
  .trim()
  .toLowerCase()
  .min(1, "Enter the part before the @, such as newsroom")
  .max(LOCAL_PART_MAX, `At most ${LOCAL_PART_MAX} characters`)
  .regex(/^[a-z0-9]+(?:[._-][a-z0-9]+)*$/, "Use letters, digits, and . _ or - between them");

/** `PUT`: the domain to send from, and optionally the address's part before the @. */
export const sendingDomainBody = z.object({
  domain: sendingDomainField,
  local_part: localPartField.optional(),
});
export type SendingDomainBody = z.input<typeof sendingDomainBody>;

/** A DNS record to publish at the domain's DNS host. */
export const dnsRecordSchema = z.object({
  /** What it is for: `SPF` (who may send, and where bounces return) or `DKIM` (the signing key). */
  record: z.string(),
  type: z.string(),
  /** The host name, as the mail provider writes it (relative to the domain). */
  name: z.string(),
  value: z.string(),
  ttl: z.string(),
  priority: z.number().int().nullable(),
  status: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

/** The organisation's domain; `domain` null when it has none. `from` is who release e-mails are from now. */
export const sendingDomainResponse = z.object({
  domain: z.string().nullable(),
  local_part: z.string(),
  status: z.enum(SENDING_DOMAIN_STATUSES).nullable(),
  records: z.array(dnsRecordSchema),
  from: z.string(),
  checked_at: z.string().nullable(),
});
export type SendingDomainResponse = z.infer<typeof sendingDomainResponse>;

export const SENDING_DOMAIN_TAKEN = "sending_domain_taken";
export const SENDING_DOMAIN_SET = "sending_domain_set";
