import { z } from "zod";
import { hasControlCharacters } from "../../contracts/control-characters.ts";
import { lineField } from "../../contracts/fields.ts";
import { newsroomSlugField } from "../../newsroom/contracts/newsroom.ts";

/**
 * An account's press kit: the facts every press release states about the organisation, shared by
 * `/api/organisation` and the form in Settings. Empty strings stand for "not given yet".
 */

export const BOILERPLATE_MAX_CHARACTERS = 1500;
export const SPOKESPEOPLE_MAX = 10;
export const DEFAULT_DATELINE_CITY = "Lagos";

/** A paragraph: line breaks are fine, other control and bidi characters are not. */
const paragraph = z
  .string({ error: "This is text" })
  .overwrite((value) => value.normalize("NFC").trim())
  .max(BOILERPLATE_MAX_CHARACTERS, `Use at most ${BOILERPLATE_MAX_CHARACTERS} characters`)
  .refine(
    (value) => !hasControlCharacters(value.replace(/\r?\n/g, " ")),
    "Use only line breaks, no control characters",
  );

const optionalEmail = z
  .string({ error: "This is text" })
  .trim()
  .max(254, "That e-mail address is too long")
  .refine((value) => value === "" || z.email().safeParse(value).success, "Enter a valid e-mail address");

const spokespersonSchema = z.object({
  name: lineField(100, { required: "A spokesperson needs a name" }),
  title: lineField(100),
});

/** The kit itself: what a press release is written from. */
export const pressKitSchema = z.object({
  name: lineField(150),
  boilerplate: paragraph,
  spokespeople: z
    .array(spokespersonSchema, { error: "spokespeople is a list" })
    .max(SPOKESPEOPLE_MAX, `At most ${SPOKESPEOPLE_MAX} spokespeople`),
  media_contact: z.object({ name: lineField(100), email: optionalEmail, phone: lineField(30) }),
  dateline_city: lineField(60, { required: "Name the city releases are datelined from" }),
});
export type Organisation = z.infer<typeof pressKitSchema>;

/**
 * The kit and the account's newsroom address (`/newsroom/<slug>`). A body without `slug` keeps the
 * address it has; `null` or an empty one gives it up.
 */
export const organisationBody = pressKitSchema.extend({
  slug: z
    .union([z.literal("").transform(() => null), newsroomSlugField])
    .nullable()
    .optional(),
});
export type OrganisationBody = z.input<typeof organisationBody>;
export const organisationResponse = pressKitSchema.extend({ slug: z.string().nullable() });
export type OrganisationResponse = z.infer<typeof organisationResponse>;
export type Spokesperson = z.infer<typeof spokespersonSchema>;
