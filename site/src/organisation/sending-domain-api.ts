import { API } from "@contracts/api-paths.ts";
import type { SendingDomainBody } from "@worker/organisation/contracts/sending-domain.ts";
import { apiRequest, schemaOf } from "../api/client.ts";

/** The organisation's own sending domain (`/api/organisation/sending-domain`). */

const contracts = () => import("@worker/organisation/contracts/sending-domain.ts");
const schema = schemaOf(contracts, "sendingDomainResponse");

export const SENDING_DOMAIN_PATH = API.organisation.path.sendingDomain;

export const fetchSendingDomain = () => apiRequest(SENDING_DOMAIN_PATH, { schema });

export const saveSendingDomain = (body: SendingDomainBody) =>
  apiRequest(SENDING_DOMAIN_PATH, { method: "PUT", body, schema });

export const checkSendingDomain = () =>
  apiRequest(API.organisation.path.verifySendingDomain, { method: "POST", body: {}, schema });

export const removeSendingDomain = () => apiRequest(SENDING_DOMAIN_PATH, { method: "DELETE", schema });
