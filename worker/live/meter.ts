import { endSession, sessionSeconds, touchSession } from "./transcripts.ts";
import { addSeconds, quotaSeconds, usedSeconds } from "./usage.ts";

/** What metering needs of a session, and the running total it keeps there. */
interface MeteredSession {
  readonly sessionId: string;
  readonly userId: string;
  readonly plan: string | null;
  readonly ended: boolean;
  /** Audio seconds already added to the user's month. */
  metered: number;
}

/**
 * Adds the audio processed since the last metering to the user's month, and records the total on
 * the session's row: still alive while it runs, ended once it is over.
 */
export async function meter(db: D1Database, session: MeteredSession, processedSeconds: number): Promise<void> {
  const delta = processedSeconds - session.metered;
  session.metered = processedSeconds;
  await db.batch([
    addSeconds(db, session.userId, delta),
    session.ended
      ? endSession(db, session.sessionId, processedSeconds)
      : touchSession(db, session.sessionId, processedSeconds),
  ]);
}

/**
 * Picks metering up again in an object that lost its memory (a restart, an eviction). The streams
 * open then went with it, but what they had processed was metered: the session's row holds that
 * total, written in the same batch as the month's, while the object's storage may be older.
 * Counting on from it keeps those seconds instead of metering the session down to what its
 * closed streams alone processed.
 */
export async function resumeMetering(
  db: D1Database,
  session: MeteredSession & { closedSeconds: number },
): Promise<void> {
  const row = await sessionSeconds(db, session.sessionId).first<{ audio_seconds: number }>();
  session.metered = Math.max(session.metered, row?.audio_seconds ?? 0);
  session.closedSeconds = Math.max(session.closedSeconds, session.metered);
}

/** Whether the user's month, across all of their sessions, has reached the plan's hours. */
export async function quotaReached(db: D1Database, session: MeteredSession): Promise<boolean> {
  const quota = quotaSeconds(session.plan);
  return quota !== null && (await usedSeconds(db, session.userId)) >= quota;
}
