import { formatNaira } from "../../contracts/numbers.ts";
import { VAT_RATE } from "./plans.ts";

/**
 * How receipts, renewal e-mails, Settings › Billing and /pricing write billing amounts and dates.
 * No zod here: /pricing shows a held plan's renewal date without loading schema code.
 */

/** Receipts show the part of a price that is VAT. */
export function vatIncludedKobo(amountKobo: number): number {
  return Math.round((amountKobo * VAT_RATE) / (1 + VAT_RATE));
}

/** Kobo as receipts write them: `1000000` → `₦10,000.00`. */
export function formatKobo(kobo: number): string {
  return `${formatNaira(Math.trunc(kobo / 100))}.${String(kobo % 100).padStart(2, "0")}`;
}

/** A billing date as everything shows it, in Lagos time: `25 Nov 2027`. */
export function formatBillingDate(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "Africa/Lagos",
  }).format(new Date(iso));
}
