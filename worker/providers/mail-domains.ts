import {
  type CreateDomainRequest,
  createdDomain,
  deleteAnswer,
  domainAnswer,
  domainNeeded,
  type ProviderDomain,
  verifyAnswer,
} from "./contracts/resend-domains.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { mail } from "./mail.ts";
import { ProviderError, providerJson } from "./provider-error.ts";

/**
 * The mail provider's sending domains (Resend's Domains API): an organisation's domain is created
 * there, its DNS records read back, verification asked for, and the domain removed. Refusals and
 * outages are `MailDeliveryError`s, as a send's are.
 */

const domainPath = (id: string) => `/domains/${encodeURIComponent(id)}`;

export async function createDomain(endpoint: ProviderEndpoint, name: string): Promise<ProviderDomain> {
  // Sending only: replies go to the organisation's own mail servers, not to Resend.
  const request: CreateDomainRequest = { name, capabilities: { sending: "enabled", receiving: "disabled" } };
  return providerJson(
    mail,
    endpoint,
    { what: "domain create", path: "/domains", json: request },
    { documented: createdDomain, needed: domainNeeded },
  );
}

export async function getDomain(endpoint: ProviderEndpoint, id: string): Promise<ProviderDomain> {
  return providerJson(
    mail,
    endpoint,
    { what: "domain read", path: domainPath(id) },
    { documented: domainAnswer, needed: domainNeeded },
  );
}

/**
 * Asks the provider to look for the records. Its check runs after the answer, and meanwhile the
 * domain reads `pending` whatever it was, so a verified domain is only read, never verified again.
 */
export async function verifyDomain(endpoint: ProviderEndpoint, id: string): Promise<void> {
  await providerJson(
    mail,
    endpoint,
    { what: "domain verify", path: `${domainPath(id)}/verify`, method: "POST" },
    { documented: verifyAnswer, needed: verifyAnswer },
  );
}

/** Removes the domain; one the provider no longer knows (404) is as removed. */
export async function removeDomain(endpoint: ProviderEndpoint, id: string): Promise<void> {
  try {
    await providerJson(
      mail,
      endpoint,
      { what: "domain delete", path: domainPath(id), method: "DELETE" },
      { documented: deleteAnswer, needed: deleteAnswer },
    );
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) return;
    throw error;
  }
}
