import {
  personOfSignIn,
  type SessionKey,
  sessionAccountId,
  signInLive,
  signInsOfPerson,
} from "../accounts/sessions.ts";
import { isLanguage, type Language } from "../contracts/languages.ts";
import { type Page, pagedStatement, type RowsStatement, SPEAKER_NAMES_PATCH, speakerNamesAfter } from "../core/d1.ts";
import { type SpeakerNames, storedSpeakerNames } from "../transcripts/contracts/transcript.ts";
import { workspacesOfMember } from "../workspaces/store.ts";
import type { LiveSegment, SavedTranscript } from "./contracts/live.ts";
import { UNLABELLED_SPEAKER } from "./contracts/live-constants.ts";

/**
 * Live sessions and their transcripts in D1: a session row per recording (owner, resume-token
 * hash, status, audio the provider processed) and its final segments, stored as they arrive.
 */

/** A relay refreshes `alive_at` every few seconds; one silent this long is gone, not active. */
const ALIVE_WINDOW_MS = 60_000;
const PREVIEW_SEGMENTS = 3;

const aliveSince = () => new Date(Date.now() - ALIVE_WINDOW_MS).toISOString();

/** How many sessions the signed-in user runs now, as a statement for the gate's batch. */
export function activeSessions(db: D1Database, key: SessionKey): D1PreparedStatement {
  return db
    .prepare(
      `SELECT COUNT(*) AS n FROM live_sessions WHERE user_id = ${sessionAccountId(key)} AND status = 'active' AND alive_at > ?3`,
    )
    .bind(key.tokenHash, key.now, aliveSince());
}

/**
 * Records a new session of the sign-in `signIn` unless the user already runs `maxActive` or that
 * sign-in has ended; one statement, so two upgrades racing for the last place cannot both get it,
 * and a sign-out either comes first or finds the session to end. Answers whether it was recorded.
 */
export async function startSession(
  db: D1Database,
  session: {
    id: string;
    userId: string;
    signIn: string;
    resumeTokenHash: string;
    maxActive: number;
    language: Language;
  },
): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .prepare(
      `INSERT INTO live_sessions (id, user_id, resume_token_hash, started_at, alive_at, sign_in, language, created_by)
       SELECT ?1, ?2, ?3, ?4, ?4, ?7, ?8, ${personOfSignIn("?7")}
       WHERE (SELECT COUNT(*) FROM live_sessions WHERE user_id = ?2 AND status = 'active' AND alive_at > ?5) < ?6
         AND ${signInLive("?7", "?4")}`,
    )
    .bind(
      session.id,
      session.userId,
      session.resumeTokenHash,
      now,
      aliveSince(),
      session.maxActive,
      session.signIn,
      session.language,
    )
    .run();
  return result.meta.changes === 1;
}

/**
 * The ids of a user's sessions not yet ended, however long silent: their own workspace's, and those
 * they started in other workspaces with one of their sign-ins (erasing the account ends them).
 */
export function openSessionsOf(db: D1Database, userId: string): RowsStatement<{ id: string }> {
  return db
    .prepare(
      `SELECT id FROM live_sessions WHERE status = 'active' AND (user_id = ?1 OR sign_in IN ${signInsOfPerson("?1")})`,
    )
    .bind(userId);
}

/**
 * The running sessions opened by one sign-in, or by every sign-in of a user but `keep` (the one
 * that changed the password stays signed in).
 */
/**
 * Whose open sessions: one sign-in's; an account's (but one sign-in's); or those a member started
 * in a workspace with any of their sign-ins (their removal ends them).
 */
export type LiveSignIns =
  | { signIn: string }
  | { userId: string; keep?: string }
  | { workspaceId: string; member: string };

export function openSessionsOfSignIns(db: D1Database, signIns: LiveSignIns): RowsStatement<{ id: string }> {
  if ("member" in signIns) {
    return db
      .prepare(
        `SELECT id FROM live_sessions WHERE user_id = ?1 AND status = 'active' AND sign_in IN ${signInsOfPerson("?2")}`,
      )
      .bind(signIns.workspaceId, signIns.member);
  }
  if ("signIn" in signIns) {
    return db.prepare("SELECT id FROM live_sessions WHERE sign_in = ? AND status = 'active'").bind(signIns.signIn);
  }
  // Their own workspace's sessions (but `keep`'s), and those they started in workspaces they are a
  // member of whose sign-in has just ended.
  return db
    .prepare(
      `SELECT id FROM live_sessions WHERE status = 'active' AND (
         (user_id = ?1 AND sign_in IS NOT ?2)
         OR (user_id IN ${workspacesOfMember("?1")} AND user_id != ?1 AND sign_in IS NOT NULL
             AND NOT ${signInLive("sign_in", "?3")}))`,
    )
    .bind(signIns.userId, signIns.keep ?? null, new Date().toISOString());
}

interface SessionOwner {
  readonly userId: string;
  readonly resumeTokenHash: string;
}

export async function sessionOwner(db: D1Database, sessionId: string): Promise<SessionOwner | null> {
  const row = await db
    .prepare("SELECT user_id, resume_token_hash FROM live_sessions WHERE id = ?")
    .bind(sessionId)
    .first<{ user_id: string; resume_token_hash: string }>();
  return row ? { userId: row.user_id, resumeTokenHash: row.resume_token_hash } : null;
}

export function appendSegment(db: D1Database, sessionId: string, segment: LiveSegment) {
  return db
    .prepare(
      "INSERT OR IGNORE INTO live_segments (session_id, seq, text, start, duration, speaker) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(sessionId, segment.seq, segment.text, segment.start, segment.duration, segment.speaker);
}

/** A final's text replaced by its accurate pass's. */
export function correctSegment(db: D1Database, sessionId: string, seq: number, text: string) {
  return db.prepare("UPDATE live_segments SET text = ? WHERE session_id = ? AND seq = ?").bind(text, sessionId, seq);
}

/** Finals stored before live speakers were labelled have none. */
const SEGMENT_COLUMNS = `seq, text, start, duration, COALESCE(speaker, '${UNLABELLED_SPEAKER}') AS speaker`;

export async function segmentsAfter(db: D1Database, sessionId: string, after: number): Promise<LiveSegment[]> {
  const { results } = await db
    .prepare(`SELECT ${SEGMENT_COLUMNS} FROM live_segments WHERE session_id = ? AND seq > ? ORDER BY seq`)
    .bind(sessionId, after)
    .all<LiveSegment>();
  return results;
}

/** The language a kept session was spoken in; null for one kept before sessions recorded it. */
/**
 * What a caption reader of a session needs besides its finals: the language it was spoken in (null
 * for one kept before sessions recorded it) and its speakers' names.
 */
export async function sessionForReaders(
  db: D1Database,
  sessionId: string,
): Promise<{ language: Language | null; names: SpeakerNames }> {
  const row = await db
    .prepare("SELECT language, COALESCE(speaker_names, '{}') AS names FROM live_sessions WHERE id = ?")
    .bind(sessionId)
    .first<{ language: string | null; names: string }>();
  return {
    language: row?.language && isLanguage(row.language) ? row.language : null,
    names: storedSpeakerNames(row?.names ?? "{}"),
  };
}

/** Keeps the session counted as running and records the audio processed so far. */
export function touchSession(db: D1Database, sessionId: string, audioSeconds: number) {
  return db
    .prepare("UPDATE live_sessions SET alive_at = ?, audio_seconds = ? WHERE id = ?")
    .bind(new Date().toISOString(), audioSeconds, sessionId);
}

/** The audio metered for the session so far, as its last metering recorded it. */
export function sessionSeconds(db: D1Database, sessionId: string) {
  return db.prepare("SELECT audio_seconds FROM live_sessions WHERE id = ?").bind(sessionId);
}

export function endSession(db: D1Database, sessionId: string, audioSeconds: number) {
  const now = new Date().toISOString();
  return db
    .prepare("UPDATE live_sessions SET status = 'ended', ended_at = ?, alive_at = ?, audio_seconds = ? WHERE id = ?")
    .bind(now, now, audioSeconds, sessionId);
}

interface TranscriptRow {
  id: string;
  title: string;
  language: Language | null;
  status: "active" | "ended";
  audio_seconds: number;
  started_at: string;
  ended_at: string | null;
  preview: string | null;
}

const toSaved = (row: TranscriptRow): SavedTranscript => ({
  id: row.id,
  title: row.title,
  language: row.language,
  status: row.status,
  duration_seconds: Math.round(row.audio_seconds * 10) / 10,
  started_at: row.started_at,
  ended_at: row.ended_at,
  preview: row.preview ?? "",
});

const TRANSCRIPT_COLUMNS = `s.id, s.title, s.language, s.status, s.audio_seconds, s.started_at, s.ended_at,
  (SELECT group_concat(text, ' ') FROM
    (SELECT text FROM live_segments WHERE session_id = s.id ORDER BY seq LIMIT ${PREVIEW_SEGMENTS})) AS preview`;

/** The transcripts list answers the newest 100; older ones stay in the account's data download. */
export const LISTED_TRANSCRIPTS = 100;

export async function listTranscripts(db: D1Database, userId: string): Promise<SavedTranscript[]> {
  const { results } = await db
    .prepare(
      `SELECT ${TRANSCRIPT_COLUMNS} FROM live_sessions s WHERE s.user_id = ? ORDER BY s.started_at DESC, s.id LIMIT ?`,
    )
    .bind(userId, LISTED_TRANSCRIPTS)
    .all<TranscriptRow>();
  return results.map(toSaved);
}

export async function findTranscript(db: D1Database, userId: string, id: string): Promise<SavedTranscript | null> {
  const row = await db
    .prepare(`SELECT ${TRANSCRIPT_COLUMNS} FROM live_sessions s WHERE s.id = ? AND s.user_id = ?`)
    .bind(id, userId)
    .first<TranscriptRow>();
  return row ? toSaved(row) : null;
}

export async function renameTranscript(db: D1Database, userId: string, id: string, title: string): Promise<boolean> {
  const result = await db
    .prepare("UPDATE live_sessions SET title = ? WHERE id = ? AND user_id = ?")
    .bind(title, id, userId)
    .run();
  return result.meta.changes === 1;
}

/**
 * A transcript's speaker names, or null when the transcript is not the user's. Names live beside
 * the session: renaming touches one row, never the finals.
 */
export async function sessionSpeakerNames(db: D1Database, userId: string, id: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT COALESCE(speaker_names, '{}') AS names FROM live_sessions WHERE id = ? AND user_id = ?")
    .bind(id, userId)
    .first<{ names: string }>();
  return row?.names ?? null;
}

/** Applies a rename (JSON merge patch: a null removes a name); answers the names, or null when not the user's. */
export function renameSessionSpeakers(
  db: D1Database,
  userId: string,
  id: string,
  patch: string,
): Promise<string | null> {
  return speakerNamesAfter(db.prepare(`UPDATE live_sessions SET ${SPEAKER_NAMES_PATCH}`).bind(patch, id, userId));
}

/** Deletes an ended transcript and its segments; a running session is not deleted. */
export async function deleteTranscript(db: D1Database, userId: string, id: string): Promise<boolean> {
  const [, session] = await db.batch([
    db
      .prepare(
        "DELETE FROM live_segments WHERE session_id = (SELECT id FROM live_sessions WHERE id = ? AND user_id = ? AND status = 'ended')",
      )
      .bind(id, userId),
    db.prepare("DELETE FROM live_sessions WHERE id = ? AND user_id = ? AND status = 'ended'").bind(id, userId),
  ]);
  return session?.meta.changes === 1;
}

/** A page of a user's live sessions, oldest first, for the account's data export. */
export function liveSessionsOf(
  db: D1Database,
  userId: string,
  page: Page,
): RowsStatement<Omit<TranscriptRow, "preview"> & { speaker_names: string | null }> {
  return pagedStatement(
    db,
    "SELECT id, title, language, status, audio_seconds, started_at, ended_at, speaker_names FROM live_sessions WHERE user_id = ? ORDER BY started_at, id",
    [userId],
    page,
  );
}

/** A page of the live sessions person `person` ran in workspace `workspaceId`, oldest first. */
export function liveSessionsMadeBy(
  db: D1Database,
  workspaceId: string,
  person: string,
  page: Page,
): RowsStatement<Omit<TranscriptRow, "preview"> & { speaker_names: string | null }> {
  return pagedStatement(
    db,
    "SELECT id, title, language, status, audio_seconds, started_at, ended_at, speaker_names FROM live_sessions WHERE user_id = ? AND created_by = ? ORDER BY started_at, id",
    [workspaceId, person],
    page,
  );
}

/** The workspaces other than their own where person `person` ran live sessions. */
export function workspacesWithLiveBy(db: D1Database, person: string): RowsStatement<{ user_id: string }> {
  return db.prepare("SELECT DISTINCT user_id FROM live_sessions WHERE created_by = ?1 AND user_id != ?1").bind(person);
}

/** Forgets person `person` as the one who ran live sessions in others' workspaces (erasing their account). */
export function forgetLiveMaker(db: D1Database, person: string): D1PreparedStatement {
  return db.prepare("UPDATE live_sessions SET created_by = NULL WHERE created_by = ?1 AND user_id != ?1").bind(person);
}

/** A page of one session's finals, in order, for the account's data export. */
export function liveSegmentsOf(db: D1Database, sessionId: string, page: Page): RowsStatement<LiveSegment> {
  return pagedStatement(
    db,
    `SELECT ${SEGMENT_COLUMNS} FROM live_segments WHERE session_id = ? ORDER BY seq`,
    [sessionId],
    page,
  );
}

/** The live sessions the person made, in any workspace, credited to their new row when they hand over their own. */
export function moveLiveMaker(db: D1Database, from: string, to: string): D1PreparedStatement {
  return db.prepare("UPDATE live_sessions SET created_by = ?2 WHERE created_by = ?1").bind(from, to);
}
