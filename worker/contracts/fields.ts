import { z } from "zod";
import { hasControlCharacters, NO_CONTROLS_IN_NAME } from "./control-characters.ts";

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

/** Names reach e-mail subjects and bodies, so they stay on one line (see `control-characters.ts`). */
const oneLine = (name: string) => !hasControlCharacters(name);

export const nameField = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, "Name is required")
  .max(100, "Use at most 100 characters")
  .refine(oneLine, NO_CONTROLS_IN_NAME);

/** An organisation or company: optional, otherwise held to the same rule as a person's name. */
export const organisationField = z
  .string()
  .trim()
  .max(150, "Use at most 150 characters")
  .refine(oneLine, NO_CONTROLS_IN_NAME)
  .default("");

export const phoneField = z
  .string({ error: "Phone number is required" })
  .trim()
  .min(1, "Phone number is required")
  .max(20, "That phone number is too long");
