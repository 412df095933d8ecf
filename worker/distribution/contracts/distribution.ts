import { z } from "zod";
import { CONTACT_TAG_MAX_CHARACTERS, CONTACT_TAGS_MAX } from "../../contacts/contracts/contacts.ts";
import { lineField } from "../../contracts/fields.ts";

/**
 * Sending a release to the media list and what came of it, shared by
 * `/api/press-releases/:id/send`, `/api/press-releases/:id/distribution` and VoxRelease.
 */

const SUBJECT_MAX_CHARACTERS = 200;

export const sendBody = z.strictObject({
  /** Contacts with any of these tags; none (or an empty list) is the whole list. */
  tags: z
    .array(lineField(CONTACT_TAG_MAX_CHARACTERS, { required: "A tag cannot be empty" }), { error: "tags is a list" })
    .max(CONTACT_TAGS_MAX, `Pick at most ${CONTACT_TAGS_MAX} tags`)
    .optional(),
  /** The e-mail's subject; the release's headline when not given. */
  subject: lineField(SUBJECT_MAX_CHARACTERS).optional(),
});
export type SendBody = z.infer<typeof sendBody>;

export const sendAnswer = z.object({
  /** Addresses this send queued: those picked, subscribed, and not sent this release before. */
  queued: z.number(),
  /** Addresses picked that already had the release, so were not queued again. */
  already_sent: z.number(),
});
export type SendAnswer = z.infer<typeof sendAnswer>;

const RECIPIENT_STATUSES = ["queued", "sent", "failed", "bounced", "complained", "unsubscribed"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

const recipientSchema = z.object({
  email: z.string(),
  outlet: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  opened_at: z.string().nullable(),
  clicked_at: z.string().nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;

/** Recipients the distribution answer lists, newest first; the figures count all of them. */
export const DISTRIBUTION_RECIPIENTS_SHOWN = 500;

export const distributionSchema = z.object({
  sent: z.number(),
  opened: z.number(),
  clicked: z.number(),
  unsubscribed: z.number(),
  bounced: z.number(),
  recipients: z.array(recipientSchema),
});
export type Distribution = z.infer<typeof distributionSchema>;
