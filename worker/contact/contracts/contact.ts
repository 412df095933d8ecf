import { z } from "zod";
import { emailField, nameField, organisationField, phoneField } from "../../contracts/fields.ts";

/** `POST /api`: a consultation or contact request. */
export const contactRequestBody = z.object({
  kind: z.enum(["consultation", "contact"]).default("consultation"),
  full_name: nameField,
  email: emailField,
  phone: phoneField,
  company_name: organisationField,
  message: z.string().trim().max(5000, "Use at most 5000 characters").default(""),
});
