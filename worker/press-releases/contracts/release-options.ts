import { z } from "zod";
import { JOB_STATUSES } from "../../jobs/contracts/jobs.ts";

/**
 * Writing a finished release again from its kept transcript, with options (`POST
 * /api/press-releases/:id/regenerate`), and the alternative headlines every written release has.
 */

export const RELEASE_TONES = ["formal", "warm", "urgent"] as const;
export const RELEASE_LENGTHS = ["short", "standard"] as const;
export const RELEASE_AUDIENCES = ["national_press", "trade_press", "local_radio"] as const;
export type ReleaseTone = (typeof RELEASE_TONES)[number];
export type ReleaseLength = (typeof RELEASE_LENGTHS)[number];
export type ReleaseAudience = (typeof RELEASE_AUDIENCES)[number];

export const TONE_LABELS: Record<ReleaseTone, string> = { formal: "Formal", warm: "Warm", urgent: "Urgent" };
export const LENGTH_LABELS: Record<ReleaseLength, string> = { short: "Short", standard: "Standard" };
export const AUDIENCE_LABELS: Record<ReleaseAudience, string> = {
  national_press: "National press",
  trade_press: "Trade press",
  local_radio: "Local radio",
};

/** How many alternative headlines a written release comes with. */
export const HEADLINE_ALTERNATIVES = 3;

const embargoAt = z.iso.datetime({
  offset: true,
  error: "embargo_at is an ISO date and time, such as 2026-12-02T09:00:00+01:00",
});

/** The options a release is written with, as a running job keeps them. */
export const releaseOptionsSchema = z.object({
  tone: z.enum(RELEASE_TONES, { error: "tone is one of formal, warm, urgent" }),
  length: z.enum(RELEASE_LENGTHS, { error: "length is short or standard" }),
  audience: z.enum(RELEASE_AUDIENCES, { error: "audience is one of national_press, trade_press, local_radio" }),
  embargo_at: embargoAt.optional(),
});
export type ReleaseOptions = z.infer<typeof releaseOptionsSchema>;

/**
 * What a regeneration is asked with. The embargo must still be ahead when it is asked for: one
 * already lifted would tell editors to hold news they may run.
 */
export const regenerateBody = releaseOptionsSchema.extend({
  embargo_at: embargoAt.refine((iso) => Date.parse(iso) > Date.now(), "The embargo must be in the future").optional(),
});
export type RegenerateBody = z.infer<typeof regenerateBody>;

/** A regeneration as it is polled; once `completed`, its text is the release's newest version. */
export const regenerationSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  error: z.string().optional(),
});
export type Regeneration = z.infer<typeof regenerationSchema>;

/** Picking one of the release's alternative headlines. */
export const pickHeadlineBody = z.object({
  headline: z.string({ error: "headline is one of the release's alternative headlines" }).trim().min(1).max(300),
});

/** The release as it is after a headline was picked. */
export const pickedHeadlineSchema = z.object({ text: z.string(), headlines: z.array(z.string()) });

/** "EMBARGOED UNTIL 09:00 WAT, 2 December 2026": the time in Lagos, as Nigerian newsrooms read it. */
export function embargoLine(iso: string): string {
  return `EMBARGOED UNTIL ${embargoTime(iso)}`;
}

/** When an embargo lifts, in Lagos time: `09:00 WAT, 2 December 2026`. */
export function embargoTime(iso: string): string {
  const at = new Date(iso);
  const inLagos = (parts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-GB", { ...parts, timeZone: "Africa/Lagos" }).format(at);
  const time = inLagos({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const date = inLagos({ day: "numeric", month: "long", year: "numeric" });
  return `${time} WAT, ${date}`;
}
