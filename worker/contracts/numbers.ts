/**
 * Whole numbers as the site shows them, without `Intl`: a page's first `Intl` formatter makes the
 * browser load its locale data, about 100–250 ms of main thread on a mid-range phone, and the
 * pricing and tool pages would pay it while they become interactive. Tested against `Intl` itself.
 */

/** `1234567` → `1,234,567`. */
export function groupThousands(whole: number): string {
  const digits = Math.trunc(Math.abs(whole)).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ",");
  return whole < 0 ? `-${grouped}` : grouped;
}

/** `10000` → `₦10,000`. */
export function formatNaira(amount: number): string {
  return `₦${groupThousands(amount)}`;
}
