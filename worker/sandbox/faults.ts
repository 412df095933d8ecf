import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";

/**
 * Fault injection for the sandbox providers (speech, and the mail provider's sends): `POST /__sandbox/faults/<target>
 * {"count": n, "status": 503}` makes the next n calls to that target answer that status; with
 * `"skip": k` the k calls before them go through (the second e-mail of a batch fails, say). Kept in
 * D1, so a Durable Object's calls and a test's setting meet whatever isolate runs them.
 */
export const FAULT_TARGETS = [
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
] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];

export const sandboxFaults = new Hono<AppEnv>();

const faultBody = z.object({
  count: z.number().int().min(0).max(100),
  status: z.number().int().min(400).max(599).default(503),
  skip: z.number().int().min(0).max(100).default(0),
});

sandboxFaults.post("/:target", async (c) => {
  const target = z.enum(FAULT_TARGETS).safeParse(c.req.param("target"));
  const body = faultBody.safeParse(await c.req.json().catch(() => null));
  if (!target.success || !body.success) {
    return c.json(
      { error: `Use one of ${FAULT_TARGETS.join(", ")} with {"count": 0-100, "status": 400-599, "skip": 0-100}` },
      400,
    );
  }
  await c.env.DB.prepare(
    `INSERT INTO sandbox_faults (target, remaining, status, skip) VALUES (?, ?, ?, ?)
     ON CONFLICT (target) DO UPDATE SET remaining = excluded.remaining, status = excluded.status, skip = excluded.skip`,
  )
    .bind(target.data, body.data.count, body.data.status, body.data.skip)
    .run();
  return c.json({ target: target.data, ...body.data });
});

/** The status the next call to `target` must fail with, or null; counts the fault as used. */
export async function takeFault(db: D1Database, target: FaultTarget): Promise<number | null> {
  const skipped = await db
    .prepare("UPDATE sandbox_faults SET skip = skip - 1 WHERE target = ? AND remaining > 0 AND skip > 0 RETURNING skip")
    .bind(target)
    .first();
  if (skipped) return null;
  const row = await db
    .prepare("UPDATE sandbox_faults SET remaining = remaining - 1 WHERE target = ? AND remaining > 0 RETURNING status")
    .bind(target)
    .first<{ status: number }>();
  return row?.status ?? null;
}
