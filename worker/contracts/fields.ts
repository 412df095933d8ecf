import { z } from "zod";
import { hasControlCharacters, NO_CONTROLS_IN_NAME, normalisedLine } from "./control-characters.ts";

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "That e-mail address is too long")
  .pipe(z.email("Enter a valid e-mail address"))
  .transform((email) => email.toLowerCase());

export const newPasswordField = z
  .string({ error: "Password is required" })
  .min(8, "Use at least 8 characters")
  .max(128, "Use at most 128 characters");

/** Checking an existing password never reveals the length rules, only that one is required. */
export const existingPasswordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(128, "Password is too long");

/**
 * The one rule for every name-like field (people's and organisations' names, titles, speaker names,
 * vocabulary terms): composed to NFC and trimmed, at most `max` characters, one line with no control,
 * bidi or non-character code points (see `control-characters.ts`), since names reach e-mail headers,
 * transcript turns and documents. `required` is the message for a value empty after all that;
 * without it an empty string stands for "not given".
 */
export function lineField(max: number, options: { readonly required?: string; readonly control?: string } = {}) {
  const field = z
    .string({ error: options.required ?? "This is text" })
    .overwrite(normalisedLine)
    .max(max, `Use at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), options.control ?? NO_CONTROLS_IN_NAME);
  return options.required ? field.min(1, options.required) : field;
}

export const nameField = lineField(100, { required: "Name is required" });

/** An organisation or company: optional, otherwise held to the same rule as a person's name. */
export const organisationField = lineField(150).default("");

export const phoneField = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .max(20, "That phone number is too long");
