import { checkSendingDomain, ownSender } from "../organisation/sending-domain.ts";
import type { SendingDomainRow } from "../organisation/store.ts";
import type { ProviderEndpoint } from "../providers/endpoint.ts";
import { type MailMessage, refusedUnverifiedSender, sendMail } from "../providers/mail.ts";

/**
 * Who a batch's e-mails are from: the organisation's own address when its domain was verified at
 * the last check, Vox's MAIL_FROM otherwise. The provider may have unverified the domain since
 * (its records were taken down): it then refuses the e-mail, which goes again from MAIL_FROM at
 * once, so no journalist misses the release, and the rest of the batch goes from MAIL_FROM too.
 * The domain's row is read again from the provider, so the next batch and the Settings panel
 * know.
 *
 * Each sender has its own idempotency key for a recipient, since the provider refuses one key
 * sent with two bodies: `release:<recipient>` from MAIL_FROM, as before domains existed, and
 * `release:<recipient>:<domain>` from the organisation's.
 */
interface ReleaseMailerInput {
  readonly mail: ProviderEndpoint;
  readonly db: D1Database;
  readonly mailFrom: string;
  readonly organisation: string;
  readonly domain: SendingDomainRow | null;
}

export function releaseMailer(input: ReleaseMailerInput) {
  const { mail, db, mailFrom, domain } = input;
  let own = ownSender(domain, input.organisation);

  return async (message: MailMessage, recipientId: string): Promise<{ id: string }> => {
    if (own && domain) {
      try {
        return await sendMail(mail, own, message, { idempotencyKey: `release:${recipientId}:${domain.domain}` });
      } catch (error) {
        if (!refusedUnverifiedSender(error)) throw error;
        console.warn(`[send] ${domain.domain} is no longer verified; mailing from ${mailFrom}`);
        own = null;
        await checkSendingDomain(mail, db, domain, new Date().toISOString()).catch((cause: unknown) =>
          console.error(`[send] reading ${domain.domain} again failed`, cause),
        );
      }
    }
    return sendMail(mail, mailFrom, message, { idempotencyKey: `release:${recipientId}` });
  };
}
