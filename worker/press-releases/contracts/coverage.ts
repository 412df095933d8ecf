import { z } from "zod";
import { lineField } from "../../contracts/fields.ts";

/** A release's coverage log, shared by `/api/press-releases/:id/coverage` and VoxRelease. */

export const COVERAGE_PER_RELEASE = 200;
const COVERAGE_URL_MAX_CHARACTERS = 2048;

const coverageUrl = z
  .string({ error: "Give the article's address" })
  .trim()
  .min(1, "Give the article's address")
  .max(COVERAGE_URL_MAX_CHARACTERS, `Use at most ${COVERAGE_URL_MAX_CHARACTERS} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, "Give a web address starting with https://");

/** A calendar day, as the outlet dates the piece; not after today (Lagos time gives a day's leeway). */
const coverageDay = z
  .string({ error: "Give the day it ran" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the day it ran as YYYY-MM-DD")
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "That day does not exist",
  )
  .refine((value) => Date.parse(`${value}T00:00:00Z`) <= Date.now() + 86_400_000, "That day has not come yet");

export const coverageBody = z.object({
  url: coverageUrl,
  outlet: lineField(150, { required: "Name the outlet" }),
  published_at: coverageDay,
});

export const coverageItem = coverageBody.extend({
  id: z.string(),
  created_at: z.string(),
  url: z.string(),
  published_at: z.string(),
});
export type CoverageItem = z.infer<typeof coverageItem>;

export const coverageList = z.object({ items: z.array(coverageItem) });
export type CoverageList = z.infer<typeof coverageList>;
