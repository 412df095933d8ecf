// Made on first use, not when a tool's code loads: the first `Intl` formatter loads the browser's
// locale data (about 100–250 ms on a mid-range phone), and a visitor with no history never needs it.
let formatter: Intl.DateTimeFormat | undefined;

/** When something happened, as every history on the site shows it: `23 Nov 2026, 14:05`. */
export function formatWhen(iso: string): string {
  formatter ??= new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short" });
  return formatter.format(new Date(iso));
}

let dayFormatter: Intl.DateTimeFormat | undefined;

/** A calendar day (`YYYY-MM-DD`) as the site writes dates, `23 Nov 2026`, whatever the reader's zone. */
export function formatDay(day: string): string {
  dayFormatter ??= new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeZone: "UTC" });
  return dayFormatter.format(new Date(`${day}T00:00:00Z`));
}
