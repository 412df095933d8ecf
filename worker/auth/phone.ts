import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** Nigerian numbers as typed (`0803…`, `803…`, `+234803…`) → E.164 (`+234803…`); null if invalid. */
export function normaliseNigerianPhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, "NG");
  return parsed?.isValid() ? parsed.number : null;
}
