import { API, pathOf } from "@contracts/api-paths.ts";
import type { Contact } from "@worker/contacts/contracts/contacts.ts";
import { apiRequest, messageResponse, schemaOf } from "../api/client.ts";

/** The account's media list (`/api/contacts`). */

const contacts = () => import("@worker/contacts/contracts/contacts.ts");

export const CONTACTS_PAGE_SIZE = 50;

/** The SWR key of one page of the list; every page starts with the mount, to refresh them all. */
export const contactsPageKey = (offset: number) =>
  `${API.contacts.path.list}?limit=${CONTACTS_PAGE_SIZE}&offset=${offset}`;

export const fetchContactsPage = (key: string) => apiRequest(key, { schema: schemaOf(contacts, "contactsPage") });

/** Reads `file` as an import would; with `preview`, the Worker saves nothing and says what it would do. */
export const importContacts = (file: Blob, preview: boolean) =>
  apiRequest(`${API.contacts.path.import}${preview ? "?preview=1" : ""}`, {
    method: "POST",
    // Whatever type the browser guessed for the file: the Worker reads it as CSV or says why not.
    body: new Blob([file], { type: "text/csv" }),
    schema: schemaOf(contacts, "contactImportResult"),
  });

export const deleteContact = (id: string) =>
  apiRequest(pathOf(API.contacts.path.contact, { id }), {
    method: "DELETE",
    schema: messageResponse,
  });

export const updateContact = (id: string, details: Pick<Contact, "name" | "outlet" | "beat" | "phone" | "tags">) =>
  apiRequest(pathOf(API.contacts.path.contact, { id }), {
    method: "PATCH",
    body: details,
    schema: schemaOf(contacts, "contactSchema"),
  });
