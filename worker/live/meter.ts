import { endSession, touchSession } from "./transcripts.ts";
import { addSeconds, quotaSeconds, usedSeconds } from "./usage.ts";

/** What metering needs of a session, and the running total it keeps there. */
export interface MeteredSession {
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

/** Whether the user's month, across all of their sessions, has reached the plan's hours. */
export async function quotaReached(db: D1Database, session: MeteredSession): Promise<boolean> {
  const quota = quotaSeconds(session.plan);
  return quota !== null && (await usedSeconds(db, session.userId)) >= quota;
}
