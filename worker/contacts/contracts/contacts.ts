import { z } from "zod";
import { emailField, lineField } from "../../contracts/fields.ts";

/**
 * An account's media list, shared by `/api/contacts` and Settings › Contacts: who the account's
 * releases go to, each with the outlet and beat they cover and the tags a send can pick them by.
 */

/** The columns an import must have, in any order; `phone` and `tags` may be added. */
export const CONTACT_CSV_COLUMNS = ["name", "email", "outlet", "beat", "consent"] as const;
export const CONTACT_CSV_OPTIONAL_COLUMNS = ["phone", "tags"] as const;
/** What the `consent` column says when the account has a lawful basis to write to the address. */
export const CONSENT_VALUES = ["yes", "true", "1"] as const;
/** The same, as a sentence says it: "yes, true or 1". */
export const CONSENT_WORDS = `${CONSENT_VALUES.slice(0, -1).join(", ")} or ${CONSENT_VALUES.at(-1)}`;

/** One import's file: a spreadsheet export of a few thousand journalists is a few hundred KiB. */
export const CONTACT_IMPORT_MAX_BYTES = 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 5000;

export const CONTACT_TAGS_MAX = 10;
export const CONTACT_TAG_MAX_CHARACTERS = 40;
const CONTACTS_PAGE_MAX = 100;

const tag = lineField(CONTACT_TAG_MAX_CHARACTERS, { required: "A tag cannot be empty" });

/** Tags without repeats, whatever their case (the first spelling stays): `Tech` and `tech` pick the same people. */
const tagList = z
  .array(tag, { error: "tags is a list" })
  .max(CONTACT_TAGS_MAX, `At most ${CONTACT_TAGS_MAX} tags`)
  .transform((tags) => {
    const first = new Map<string, string>();
    for (const value of tags) if (!first.has(value.toLowerCase())) first.set(value.toLowerCase(), value);
    return [...first.values()];
  });

/** A contact's details as the account may change them; the address is who the contact is. */
const contactDetails = z.object({
  name: lineField(100, { required: "A name is required" }),
  outlet: lineField(150),
  beat: lineField(100),
  phone: lineField(30),
  tags: tagList,
});

/** One row of an import, after its consent was found: `tags` as written in one cell, `;` or `,` between. */
export const contactImportRow = contactDetails.extend({
  email: emailField,
  tags: z
    .string()
    .transform((cell) =>
      cell
        .split(/[;,]/)
        .map((value) => value.trim())
        .filter(Boolean),
    )
    .pipe(tagList),
});
export type ContactImportRow = z.infer<typeof contactImportRow>;

export const contactPatchBody = contactDetails.partial().refine((patch) => Object.keys(patch).length > 0, {
  message: "Send at least one of name, outlet, beat, phone or tags",
});

/** Why an account may no longer write to an address: it unsubscribed, its mail bounced, or it complained. */
const SUPPRESSION_REASONS = ["unsubscribed", "bounced", "complained"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const contactSchema = contactDetails.extend({
  id: z.string(),
  email: z.string(),
  /** False once the address unsubscribed, bounced or complained: it stays on the list, and no send reaches it. */
  subscribed: z.boolean(),
  /** Why no send reaches it any more, so the list can say so; null while it is subscribed. */
  stopped: z.enum(SUPPRESSION_REASONS).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactsQuery = z.object({
  limit: z.coerce
    .number({ error: "limit is a number" })
    .int("limit is a whole number")
    .min(1, "limit is at least 1")
    .max(CONTACTS_PAGE_MAX, `limit is at most ${CONTACTS_PAGE_MAX}`)
    .default(50),
  offset: z.coerce.number({ error: "offset is a number" }).int("offset is a whole number").min(0).default(0),
  tag: tag.optional(),
});

/** The tags the list uses, for picking whom a send goes to; at most this many, by name. */
export const CONTACT_TAGS_LISTED = 200;
export const contactTags = z.object({ tags: z.array(z.string()) });
export type ContactTags = z.infer<typeof contactTags>;

export const contactsPage = z.object({
  items: z.array(contactSchema),
  total: z.number(),
  /** Where the next page starts; null on the last page. */
  next_offset: z.number().nullable(),
});
export type ContactsPage = z.infer<typeof contactsPage>;

/** A row an import left out, numbered as a spreadsheet numbers it (the header is row 1). */
const skippedRow = z.object({ row: z.number(), email: z.string(), reason: z.string() });
export type SkippedRow = z.infer<typeof skippedRow>;

export const contactImportResult = z.object({
  imported: z.number(),
  skipped: z.array(skippedRow),
  /** True when the file was only checked (`?preview=1`) and nothing was saved. */
  preview: z.boolean(),
});
export type ContactImportResult = z.infer<typeof contactImportResult>;
