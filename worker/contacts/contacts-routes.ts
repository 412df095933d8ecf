import { Hono } from "hono";
import { requireUser } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { planLimits } from "../billing/contracts/plans.ts";
import { API } from "../contracts/api-paths.ts";
import { groupThousands } from "../contracts/numbers.ts";
import { ApiError } from "../core/errors.ts";
import { UUID } from "../core/ids.ts";
import { limitWrite } from "../core/rate-limit.ts";
import { jsonBody, jsonBodyLimit, limitBody, queryOf } from "../core/validate.ts";
import { auditEditRequest, auditRequest } from "../workspaces/audit.ts";
import { readContactsCsv } from "./contacts-csv.ts";
import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_TAGS_LISTED,
  type ContactImportResult,
  type ContactsPage,
  type ContactTags,
  contactPatchBody,
  contactsQuery,
  type SkippedRow,
} from "./contracts/contacts.ts";
import { contactFromRow, contactsPageOf, deleteContact, saveImport, tagsOf, updateContact } from "./store.ts";

/** `/api/contacts`: the signed-in account's media list. */

const noStore = { "cache-control": "no-store" };
const at = API.contacts.at;

export const contacts = new Hono<AppEnv>();
contacts.use("*", requireUser);

const contactNotFound = () => new ApiError(404, "contact_not_found", "No such contact on your list.");

/** The file as text; a spreadsheet saved in a legacy encoding would otherwise import garbled names. */
function csvText(body: ArrayBuffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body);
  } catch {
    throw new ApiError(400, "csv_encoding", 'This file is not UTF-8 text: save it again as "CSV UTF-8".');
  }
}

contacts.post(at.import, limitBody(CONTACT_IMPORT_MAX_BYTES), async (c) => {
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "text/csv") {
    throw new ApiError(415, "unsupported_media_type", "Send the file as text/csv.");
  }
  const preview = c.req.query("preview") === "1";
  await limitWrite(c, "contactImport");
  const read = readContactsCsv(csvText(await c.req.arrayBuffer()));
  const skipped: SkippedRow[] = [...read.skipped];
  let imported = read.rows.length;
  if (!preview && read.rows.length > 0) {
    const capacity = planLimits(c.var.account.plan).mediaListContacts;
    const saved = await saveImport(
      c.env.DB,
      c.var.account.id,
      read.rows.map((row) => row.contact),
      capacity,
      new Date().toISOString(),
    );
    imported = saved.added.size + saved.updated.size;
    // The entry says how many the import wrote, which is known only once its batch has run.
    if (imported > 0) {
      await auditRequest(c, "contacts.imported", `${groupThousands(imported)} contact${imported === 1 ? "" : "s"}`);
    }
    for (const { row, contact } of read.rows) {
      if (saved.added.has(contact.email) || saved.updated.has(contact.email)) continue;
      skipped.push({
        row,
        email: contact.email,
        reason: saved.unsubscribed.has(contact.email)
          ? "This address unsubscribed from your releases; an import does not put it back"
          : `Your plan's media list is full (${groupThousands(capacity)} contacts)`,
      });
    }
  }
  skipped.sort((a, b) => a.row - b.row);
  const answer: ContactImportResult = { imported, skipped, preview };
  return c.json(answer, preview ? 200 : 201, noStore);
});

contacts.get(at.list, queryOf(contactsQuery), async (c) => {
  const { limit, offset, tag } = c.req.valid("query");
  const { rows, total } = await contactsPageOf(c.env.DB, c.var.account.id, tag ?? null, { limit, offset });
  const answer: ContactsPage = {
    items: rows.map(contactFromRow),
    total,
    next_offset: offset + rows.length < total ? offset + rows.length : null,
  };
  return c.json(answer, 200, noStore);
});

contacts.get(at.tags, async (c) => {
  const answer: ContactTags = { tags: await tagsOf(c.env.DB, c.var.account.id, CONTACT_TAGS_LISTED) };
  return c.json(answer, 200, noStore);
});

/**
 * A contact as the log names it: by outlet, never by name or address, so a journalist's address
 * deleted from the media list is not kept a year in the log.
 */
const contactTarget = (outlet: string) => (outlet.trim() ? `a contact at ${outlet.trim()}` : "a contact");

contacts.patch(at.contact, jsonBodyLimit, jsonBody(contactPatchBody), async (c) => {
  const id = c.req.param("id");
  if (!UUID.test(id)) throw contactNotFound();
  await limitWrite(c, "contactEdit");
  const updated = await updateContact(c.env.DB, c.var.account.id, id, c.req.valid("json"), new Date().toISOString());
  if (!updated) throw contactNotFound();
  await auditEditRequest(c, "contact.edited", contactTarget(updated.outlet), updated.id);
  return c.json(updated, 200, noStore);
});

contacts.delete(at.contact, async (c) => {
  const id = c.req.param("id");
  if (!UUID.test(id)) throw contactNotFound();
  await limitWrite(c, "contactEdit");
  const outlet = await deleteContact(c.env.DB, c.var.account.id, id);
  if (outlet === null) throw contactNotFound();
  await auditRequest(c, "contact.deleted", contactTarget(outlet));
  return c.json({ message: "Contact deleted" }, 200, noStore);
});
