/** What the privacy notice and the terms share: who to write to, and the day they last changed. */
export const LEGAL_CONTACT = {
  /** The data protection officer (NDPA 2023, section 32). */
  privacy: "privacy@vox.ng",
  /** The team's address, as the Worker's TEAM_EMAIL. */
  general: "hello@vox.ng",
} as const;

/**
 * The day both pages last changed, written as every Vox date is (`formatBillingDate`); the text is
 * fixed rather than formatted, since making a date formatter while a page loads holds it up
 * (tests/e2e/first-load-work.test.ts), and tests/site/legal.test.ts keeps the two in step.
 */
export const LEGAL_UPDATED = { iso: "2026-11-28T12:00:00+01:00", text: "28 Nov 2026" } as const;

export const NDPC_URL = "https://ndpc.gov.ng";
