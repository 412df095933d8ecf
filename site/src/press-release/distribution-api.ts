import { API, pathOf } from "@contracts/api-paths.ts";
import type { SendBody } from "@worker/distribution/contracts/distribution.ts";
import { apiRequest, schemaOf } from "../api/client.ts";

/** Sending a release to the media list and its figures (`/api/press-releases/:id/send`, `…/distribution`). */

const distribution = () => import("@worker/distribution/contracts/distribution.ts");
const contacts = () => import("@worker/contacts/contracts/contacts.ts");

export const distributionPath = (id: string) => pathOf(API.pressReleases.path.distribution, { id });

export const fetchDistribution = (path: string) =>
  apiRequest(path, { schema: schemaOf(distribution, "distributionSchema") });

export const sendRelease = (id: string, body: SendBody) =>
  apiRequest(pathOf(API.pressReleases.path.send, { id }), {
    method: "POST",
    body,
    schema: schemaOf(distribution, "sendAnswer"),
  });

/** The list's tags, and whether it has anyone at all (its first page of one). */
export const CONTACT_TAGS_KEY = API.contacts.path.tags;
export const fetchContactTags = (path: string) => apiRequest(path, { schema: schemaOf(contacts, "contactTags") });
export const CONTACTS_TOTAL_KEY = `${API.contacts.path.list}?limit=1`;
export const fetchContactsTotal = async (path: string) =>
  (await apiRequest(path, { schema: schemaOf(contacts, "contactsPage") })).total;
