import { withoutControlCharacters } from "../contracts/control-characters.ts";
import type { ProviderDomain } from "../providers/contracts/resend-domains.ts";
import type { ProviderEndpoint } from "../providers/endpoint.ts";
import { domainOfAddress } from "../providers/mail.ts";
import { getDomain, removeDomain, verifyDomain } from "../providers/mail-domains.ts";
import { ProviderError } from "../providers/provider-error.ts";
import {
  DEFAULT_LOCAL_PART,
  type DnsRecord,
  dnsRecordSchema,
  SENDING_DOMAIN_STATUSES,
  type SendingDomainResponse,
  type SendingDomainStatus,
} from "./contracts/sending-domain.ts";
import { deleteSendingDomain, recordSendingDomainCheck, type SendingDomainRow, sendingDomainOf } from "./store.ts";

/**
 * An organisation's own sending domain: what the owner sees of it, who release e-mails are from,
 * and keeping the row in step with the mail provider. A send reads the row, not the provider, so
 * the status is the one last read here (when the domain was added, and at each "Check again").
 */

/** The records as the API answers them, in the provider's order. */
export function recordsFrom(domain: ProviderDomain): DnsRecord[] {
  return domain.records.map((record) => ({
    record: record.record,
    type: record.type,
    name: record.name,
    value: record.value,
    ttl: record.ttl,
    priority: record.priority ?? null,
    status: record.status,
  }));
}

function statusOf(row: SendingDomainRow): SendingDomainStatus {
  return SENDING_DOMAIN_STATUSES.find((status) => status === row.status) ?? "pending";
}

/** Vox's own domain (MAIL_FROM's) and its subdomains are not an organisation's to claim. */
export function isVoxDomain(domain: string, mailFrom: string): boolean {
  const vox = domainOfAddress(mailFrom);
  return domain === vox || domain.endsWith(`.${vox}`);
}

/**
 * `"Name" <address>`: the name quoted, as RFC 5322 allows any text there once quoted, so a comma
 * or a bracket in an organisation's name cannot split the header into two addresses.
 */
function senderAddress(name: string, localPart: string, domain: string): string {
  const quoted = withoutControlCharacters(name).replace(/[\\"]/g, (c) => `\\${c}`);
  const address = `${localPart}@${domain}`;
  return quoted.trim() ? `"${quoted}" <${address}>` : address;
}

/** The organisation's own sender, once its domain is verified; null until then. */
export function ownSender(row: SendingDomainRow | null, organisation: string): string | null {
  return row && statusOf(row) === "verified" ? senderAddress(organisation, row.local_part, row.domain) : null;
}

/** Who the organisation's release e-mails are from: its own address once verified, else Vox's. */
function releaseSender(row: SendingDomainRow | null, organisation: string, mailFrom: string): string {
  return ownSender(row, organisation) ?? mailFrom;
}

export function sendingDomainView(
  row: SendingDomainRow | null,
  organisation: string,
  mailFrom: string,
): SendingDomainResponse {
  if (!row) {
    return {
      domain: null,
      local_part: DEFAULT_LOCAL_PART,
      status: null,
      records: [],
      from: mailFrom,
      checked_at: null,
    };
  }
  // Parsed again so a row written by an older shape still answers the contract.
  const records = dnsRecordSchema.array().safeParse(JSON.parse(row.records)).data ?? [];
  return {
    domain: row.domain,
    local_part: row.local_part,
    status: statusOf(row),
    records,
    from: releaseSender(row, organisation, mailFrom),
    checked_at: row.checked_at,
  };
}

/**
 * Reads the domain at the provider and stores its status and records. Unless it is verified
 * already, verification is asked for first: the provider then marks it `pending` while it looks,
 * whatever it was, so asking for a verified one would stop its e-mails until the check is done.
 * A domain the provider no longer knows is `failed`: the owner removes it and adds it again.
 */
export async function checkSendingDomain(
  mail: ProviderEndpoint,
  db: D1Database,
  row: SendingDomainRow,
  now: string,
): Promise<SendingDomainRow | null> {
  try {
    if (row.status !== "verified") await verifyDomain(mail, row.provider_id);
    const domain = await getDomain(mail, row.provider_id);
    return recordSendingDomainCheck(db, row.user_id, row.provider_id, {
      status: domain.status,
      records: JSON.stringify(recordsFrom(domain)),
      checkedAt: now,
    });
  } catch (error) {
    if (!(error instanceof ProviderError) || error.status !== 404) throw error;
    return recordSendingDomainCheck(db, row.user_id, row.provider_id, { status: "failed", checkedAt: now });
  }
}

/**
 * Removes the account's domain at the provider, then its row. An outage leaves both, so the caller
 * fails before anything is reported removed and a retry finishes it.
 */
export async function removeSendingDomain(mail: ProviderEndpoint, db: D1Database, userId: string): Promise<boolean> {
  const row = await sendingDomainOf(db, userId);
  if (!row) return false;
  await removeDomain(mail, row.provider_id);
  await deleteSendingDomain(db, userId, row.provider_id);
  return true;
}
