/** What must survive the relay being evicted: kept in its storage under one key. */
export interface SessionState {
  readonly sessionId: string;
  readonly userId: string;
  readonly plan: string | null;
  readonly origin: string;
  readonly extraQuery: string;
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
  fields: Pick<SessionState, "sessionId" | "userId" | "plan" | "origin" | "extraQuery">,
): SessionState {
  return { ...fields, seq: 0, closedSeconds: 0, metered: 0, detachedAt: null, stopping: false, ended: false };
}

export function readSession(storage: DurableObjectStorage): Promise<SessionState | undefined> {
  return storage.get<SessionState>(KEY);
}

export function writeSession(storage: DurableObjectStorage, state: SessionState): Promise<void> {
  return storage.put(KEY, state);
}
