import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";

/**
 * Fault injection for the sandbox providers (speech, and the mail provider's sends): `POST /__sandbox/faults/<target>
 * {"count": n, "status": 503}` makes the next n calls to that target answer that status; with
 * `"skip": k` the k calls before them go through (the second e-mail of a batch fails, say); with
 * `"delay_ms": t` they answer t ms late, as usual unless a status is given too. Kept in D1, so a
 * Durable Object's calls and a test's setting meet whatever isolate runs them.
 */
const FAULT_TARGETS = [
  "deepgram-listen",
  "deepgram-read",
  "assemblyai-upload",
  "assemblyai-transcript",
  "assemblyai-poll",
  "assemblyai-delete",
  "assemblyai-llm",
  "spitch-translate",
  "spitch-transcribe",
  "resend-emails",
  "resend-domains",
] as const;
type FaultTarget = (typeof FAULT_TARGETS)[number];

export const sandboxFaults = new Hono<AppEnv>();

const faultBody = z.object({
  count: z.number().int().min(0).max(100),
  status: z.number().int().min(400).max(599).optional(),
  skip: z.number().int().min(0).max(100).default(0),
  delay_ms: z.number().int().min(0).max(30_000).default(0),
});
/** Kept as a late call's status when it is to answer as usual. */
const ANSWERS_AS_USUAL = 200;

sandboxFaults.post("/:target", async (c) => {
  const target = z.enum(FAULT_TARGETS).safeParse(c.req.param("target"));
  const body = faultBody.safeParse(await c.req.json().catch(() => null));
  if (!target.success || !body.success) {
    return c.json(
      {
        error: `Use one of ${FAULT_TARGETS.join(", ")} with {"count": 0-100, "status": 400-599, "skip": 0-100, "delay_ms": 0-30000}`,
      },
      400,
    );
  }
  const { count, skip, delay_ms } = body.data;
  const status = body.data.status ?? (delay_ms > 0 ? ANSWERS_AS_USUAL : 503);
  await c.env.DB.prepare(
    `INSERT INTO sandbox_faults (target, remaining, status, skip, delay_ms) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (target) DO UPDATE SET remaining = excluded.remaining, status = excluded.status, skip = excluded.skip,
       delay_ms = excluded.delay_ms`,
  )
    .bind(target.data, count, status, skip, delay_ms)
    .run();
  return c.json({ target: target.data, count, status, skip, delay_ms });
});

/**
 * The status the next call to `target` must fail with, or null; counts the fault as used, and
 * resolves only after its delay.
 */
export async function takeFault(db: D1Database, target: FaultTarget): Promise<number | null> {
  const skipped = await db
    .prepare("UPDATE sandbox_faults SET skip = skip - 1 WHERE target = ? AND remaining > 0 AND skip > 0 RETURNING skip")
    .bind(target)
    .first();
  if (skipped) return null;
  const row = await db
    .prepare(
      "UPDATE sandbox_faults SET remaining = remaining - 1 WHERE target = ? AND remaining > 0 RETURNING status, delay_ms",
    )
    .bind(target)
    .first<{ status: number; delay_ms: number }>();
  if (!row) return null;
  if (row.delay_ms > 0) await new Promise((resolve) => setTimeout(resolve, row.delay_ms));
  return row.status === ANSWERS_AS_USUAL ? null : row.status;
}
