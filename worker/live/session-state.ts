import { DEFAULT_LANGUAGE, type Language } from "../contracts/languages.ts";
import { DEFAULT_LIVE_ENCODING, type LiveEncoding } from "./contracts/live-constants.ts";

/** What must survive the relay being evicted: kept in its storage under one key. */
export interface SessionState {
  readonly sessionId: string;
  readonly userId: string;
  readonly plan: string | null;
  readonly origin: string;
  readonly extraQuery: string;
  /** The language spoken, which the provider recognises and caption readers translate from. */
  readonly language: Language;
  /** What the page's audio frames hold, as its ticket said. */
  readonly encoding: LiveEncoding;
  /** The account's vocabulary when the session opened, passed to every provider stream it opens. */
  readonly keyterms: readonly string[];
  /** The last final's sequence number. */
  seq: number;
  /** Audio seconds the provider processed in streams that have since closed. */
  closedSeconds: number;
  /** Audio seconds already added to the user's month. */
  metered: number;
  /** When the browser's socket dropped; null while one is attached. */
  detachedAt: number | null;
  stopping: boolean;
  ended: boolean;
}

const KEY = "session";

export function newSession(
  fields: Pick<
    SessionState,
    "sessionId" | "userId" | "plan" | "origin" | "extraQuery" | "language" | "encoding" | "keyterms"
  >,
): SessionState {
  return { ...fields, seq: 0, closedSeconds: 0, metered: 0, detachedAt: null, stopping: false, ended: false };
}

/** A session stored before languages was English, without vocabulary; before encodings, WebM Opus. */
export async function readSession(storage: DurableObjectStorage): Promise<SessionState | undefined> {
  const stored = await storage.get<Partial<SessionState> & Omit<SessionState, "language" | "encoding" | "keyterms">>(
    KEY,
  );
  return stored && { language: DEFAULT_LANGUAGE, encoding: DEFAULT_LIVE_ENCODING, keyterms: [], ...stored };
}

export function writeSession(storage: DurableObjectStorage, state: SessionState): Promise<void> {
  return storage.put(KEY, state);
}
