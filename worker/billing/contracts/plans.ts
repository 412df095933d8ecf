/**
 * The plan table: the one source for prices, the feature matrix and every allowance. The Worker
 * charges and enforces from it and the site renders /pricing from it.
 */

export type PlanId = "monthly" | "yearly" | "enterprise";

export interface Plan {
  readonly id: PlanId;
  readonly name: string;
  readonly tagline: string;
  /** Whole naira; null for contact-only plans. Charged in kobo (naira × 100). */
  readonly priceNaira: number | null;
  readonly interval: "month" | "year" | null;
  readonly popular: boolean;
  readonly contactOnly: boolean;
  /** Live transcription hours per calendar month; null means unlimited. */
  readonly liveTranscriptionHours: number | null;
  /** Live transcription sessions one user may run at the same time. */
  readonly liveSessions: number;
  /** People who may watch one shared session's captions at the same time. */
  readonly liveViewers: number;
  /**
   * Storage for everything a user keeps across the tools (press releases, sentiment reports and their
   * recordings, unfinished uploads), in gigabytes; null means unlimited.
   */
  readonly storageGb: number | null;
  /** Journalists and other contacts on the account's media list. */
  readonly mediaListContacts: number;
  /** Release e-mails sent to the media list per calendar month, every release together. */
  readonly releaseEmailsMonthly: number;
  /**
   * People in the workspace, the owner included; null for the number an Enterprise contract sold
   * (ENTERPRISE_SEATS until the account's own figure is set).
   */
  readonly seats: number | null;
}

/** An Enterprise workspace's seats until its contract's number is recorded for it. */
export const ENTERPRISE_SEATS = 10;

export const PLANS: readonly Plan[] = [
  {
    id: "monthly",
    name: "Monthly",
    tagline: "For individual communicators and creators getting started.",
    priceNaira: 10_000,
    interval: "month",
    popular: false,
    contactOnly: false,
    liveTranscriptionHours: 10,
    liveSessions: 1,
    liveViewers: 200,
    storageGb: 20,
    mediaListContacts: 1_000,
    releaseEmailsMonthly: 5_000,
    seats: 1,
  },
  {
    id: "yearly",
    name: "Yearly",
    tagline: "For busy PR desks and newsrooms: two months free, double the limits.",
    priceNaira: 100_000,
    interval: "year",
    popular: true,
    contactOnly: false,
    liveTranscriptionHours: 20,
    liveSessions: 1,
    liveViewers: 500,
    storageGb: 40,
    mediaListContacts: 5_000,
    releaseEmailsMonthly: 25_000,
    seats: 3,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    tagline: "For agencies, publishers and institutions with their own workflows.",
    priceNaira: null,
    interval: null,
    popular: false,
    contactOnly: true,
    liveTranscriptionHours: null,
    liveSessions: 5,
    liveViewers: 10_000,
    storageGb: null,
    mediaListContacts: 50_000,
    releaseEmailsMonthly: 250_000,
    seats: null,
  },
];

type FeatureId =
  | "tts"
  | "sentiment"
  | "voiceConversion"
  | "deepfake"
  | "support"
  | "updates"
  | "secureStorage"
  | "knowledgeBase";

export interface Feature {
  readonly id: FeatureId;
  readonly label: string;
  readonly plans: readonly PlanId[];
}

export const FEATURES: readonly Feature[] = [
  { id: "tts", label: "Text-to-speech (Vox Speaks)", plans: ["monthly", "yearly", "enterprise"] },
  { id: "sentiment", label: "Sentiment, topic and intent reports", plans: ["monthly", "yearly", "enterprise"] },
  { id: "voiceConversion", label: "Voice conversion (VoxOver)", plans: ["monthly", "yearly", "enterprise"] },
  { id: "deepfake", label: "Deepfake detector (Vox Shield, beta)", plans: ["monthly", "yearly", "enterprise"] },
  { id: "support", label: "Customer support", plans: ["yearly", "enterprise"] },
  { id: "updates", label: "Product updates", plans: ["yearly", "enterprise"] },
  { id: "secureStorage", label: "Secure storage", plans: ["yearly", "enterprise"] },
  { id: "knowledgeBase", label: "Knowledge-base training", plans: ["yearly", "enterprise"] },
];

/**
 * Requests an hour every plan allows each tool that calls a paid provider per request (a speech, a
 * voice conversion, a sentiment report, a press release): a ceiling on a runaway script or a shared
 * token rather than a quota to count down, so it is the same on every plan. The tool gate enforces
 * it (`TOOL_RATE_LIMITS` is made from it) and /pricing shows it.
 */
export const HOURLY_REQUESTS = {
  tts: 300,
  voiceConversion: 120,
  sentiment: 60,
  pressRelease: 30,
} as const satisfies Record<string, number>;

export type HourlyRequests = { readonly [Tool in keyof typeof HOURLY_REQUESTS]: number };

/** The plan whose limits apply to a user; trial users (no plan yet) get the Monthly limits. */
export function planLimits(planId: string | null): Plan {
  const monthly = PLANS[0] as Plan;
  return PLANS.find((plan) => plan.id === planId) ?? monthly;
}

/** The plans that give more than `planId`: PLANS lists them from smallest to largest. */
export function plansAbove(planId: string): PlanId[] {
  const index = PLANS.findIndex((plan) => plan.id === planId);
  return index < 0 ? [] : PLANS.slice(index + 1).map((plan) => plan.id);
}

const GIGABYTE = 1024 ** 3;

/** A plan's storage limit, shared by every tool, in bytes; null means unlimited. */
export function storageQuotaBytes(plan: Plan): number | null {
  return plan.storageGb === null ? null : plan.storageGb * GIGABYTE;
}

/** Days of free access every new account gets. */
export const TRIAL_DAYS = 2;

/** Prices include Nigerian VAT at 7.5%. Here, beside the prices, so /terms states it without billing code. */
export const VAT_RATE = 0.075;
