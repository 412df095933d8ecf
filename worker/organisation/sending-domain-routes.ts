import type { Context } from "hono";
import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { API } from "../contracts/api-paths.ts";
import { ApiError, providerUnavailable } from "../core/errors.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit } from "../core/validate.ts";
import { MailDeliveryError } from "../providers/mail.ts";
import { createDomain, removeDomain } from "../providers/mail-domains.ts";
import {
  DEFAULT_LOCAL_PART,
  SENDING_DOMAIN_SET,
  SENDING_DOMAIN_TAKEN,
  sendingDomainBody,
} from "./contracts/sending-domain.ts";
import {
  checkSendingDomain,
  isVoxDomain,
  recordsFrom,
  removeSendingDomain,
  sendingDomainView,
} from "./sending-domain.ts";
import {
  insertSendingDomain,
  organisationOf,
  SendingDomainConflict,
  type SendingDomainRow,
  sendingDomainHolder,
  sendingDomainOf,
  setSendingLocalPart,
} from "./store.ts";

/**
 * `/api/organisation/sending-domain`: the organisation's own domain to send releases from. `PUT`
 * adds it at the mail provider and answers the DNS records to publish, `POST …/verify` ("Check
 * again") reads where verification stands, `DELETE` removes it.
 */
export const sendingDomain = new Hono<AppEnv>();

const noStore = { "cache-control": "no-store" };
const { sendingDomain: DOMAIN, verifySendingDomain: VERIFY } = API.organisation.at;

async function view(c: Context<AppEnv>, row: SendingDomainRow | null) {
  const organisation = await organisationOf(c.env.DB, c.var.account.id);
  return sendingDomainView(row, organisation.name, c.var.config.mailFrom);
}

/** A field's refusal in the one error shape, shown on the domain field. */
function refuseDomain(status: 400 | 409 | 422, code: string, message: string): never {
  throw new ApiError(status, code, message, { domain: [message] });
}

/** The mail provider's failures: an outage is 502; a refusal of the domain itself is the owner's to fix. */
function providerFailure(error: unknown): never {
  if (!(error instanceof MailDeliveryError)) throw error;
  if (error.retryable || error.contractBroken) throw providerUnavailable("mail", error);
  console.error("[sending-domain] the mail provider refused", error);
  refuseDomain(
    422,
    "sending_domain_refused",
    `The mail service refused this domain: ${error.detail ?? "no reason given"}`,
  );
}

sendingDomain.get(DOMAIN, requireUser, async (c) =>
  c.json(await view(c, await sendingDomainOf(c.env.DB, c.var.account.id)), 200, noStore),
);

sendingDomain.put(DOMAIN, requireUser, jsonBodyLimit, jsonBody(sendingDomainBody), async (c) => {
  const { domain, local_part: localPart } = c.req.valid("json");
  const db = c.env.DB;
  const userId = c.var.account.id;
  if (isVoxDomain(domain, c.var.config.mailFrom)) {
    refuseDomain(400, "validation_failed", "That is Vox's own domain: enter your organisation's");
  }
  const current = await sendingDomainOf(db, userId);
  if (current && current.domain !== domain) {
    refuseDomain(409, SENDING_DOMAIN_SET, `Remove ${current.domain} first: an organisation sends from one domain.`);
  }
  if (current) {
    if (localPart === undefined || localPart === current.local_part)
      return c.json(await view(c, current), 200, noStore);
    await limitWrite(c, "sendingDomain");
    return c.json(await view(c, await setSendingLocalPart(db, userId, localPart)), 200, noStore);
  }
  const holder = await sendingDomainHolder(db, domain);
  if (holder !== null) refuseDomain(409, SENDING_DOMAIN_TAKEN, "Another organisation on Vox sends from this domain.");
  await limitWrite(c, "sendingDomain");

  const mail = c.var.provider("mail");
  const created = await createDomain(mail, domain).catch(providerFailure);
  const now = new Date().toISOString();
  const row: SendingDomainRow = {
    user_id: userId,
    domain,
    provider_id: created.id,
    local_part: localPart ?? DEFAULT_LOCAL_PART,
    status: created.status,
    records: JSON.stringify(recordsFrom(created)),
    checked_at: now,
    created_at: now,
  };
  try {
    await insertSendingDomain(db, row);
  } catch (error) {
    // Another request won the domain (or this account's one slot), or the account was erased
    // meanwhile: what was just added at the provider must not stay there unowned.
    await removeDomain(mail, created.id).catch((cause: unknown) =>
      console.error(`[sending-domain] ${created.id} stays at the provider unowned`, cause),
    );
    if (!(error instanceof SendingDomainConflict)) throw error;
    if (error.conflict === "taken")
      refuseDomain(409, SENDING_DOMAIN_TAKEN, "Another organisation on Vox sends from this domain.");
    refuseDomain(409, SENDING_DOMAIN_SET, "Remove your other domain first: an organisation sends from one domain.");
  }
  return c.json(await view(c, row), 201, noStore);
});

sendingDomain.post(VERIFY, requireUser, async (c) => {
  const row = await sendingDomainOf(c.env.DB, c.var.account.id);
  if (!row) throw new ApiError(404, "not_found", "Add a sending domain first.");
  await limitWrite(c, "sendingDomain");
  const checked = await checkSendingDomain(c.var.provider("mail"), c.env.DB, row, new Date().toISOString()).catch(
    providerFailure,
  );
  return c.json(await view(c, checked), 200, noStore);
});

sendingDomain.delete(DOMAIN, requireUser, async (c) => {
  if (!(await sendingDomainOf(c.env.DB, c.var.account.id)))
    throw new ApiError(404, "not_found", "There is no sending domain to remove.");
  await limitWrite(c, "sendingDomain");
  await removeSendingDomain(c.var.provider("mail"), c.env.DB, c.var.account.id).catch(providerFailure);
  return c.json(await view(c, null), 200, noStore);
});
