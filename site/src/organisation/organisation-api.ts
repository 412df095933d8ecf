import { API } from "@contracts/api-paths.ts";
import type { OrganisationBody } from "@worker/organisation/contracts/organisation.ts";
import { apiRequest, schemaOf } from "../api/client.ts";

/** The account's press kit and newsroom address (`/api/organisation`). */

const organisation = () => import("@worker/organisation/contracts/organisation.ts");

export const ORGANISATION_PATH = API.organisation.path.kit;

export const fetchOrganisation = () =>
  apiRequest(ORGANISATION_PATH, { schema: schemaOf(organisation, "organisationResponse") });

export const saveOrganisation = (kit: OrganisationBody) =>
  apiRequest(ORGANISATION_PATH, { method: "PUT", body: kit, schema: schemaOf(organisation, "organisationResponse") });
