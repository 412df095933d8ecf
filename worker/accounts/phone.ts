import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { ApiError } from "../core/errors.ts";

/** Nigerian numbers as typed (`0803…`, `803…`, `+234803…`) → E.164 (`+234803…`); null if invalid. */
function normaliseNigerianPhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, "NG");
  return parsed?.isValid() ? parsed.number : null;
}

/** The E.164 form of `input`, or a 400 naming `field` (the request's own field name). */
export function requireNigerianPhone(input: string, field: string): string {
  const phone = normaliseNigerianPhone(input);
  if (!phone) {
    throw new ApiError(400, "validation_failed", "Enter a valid Nigerian phone number.", {
      [field]: ["Enter a valid Nigerian phone number"],
    });
  }
  return phone;
}
