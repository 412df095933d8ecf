import type { LiveSegment } from "./contracts/live.ts";
import { appendSegment, correctSegment, segmentsAfter } from "./transcripts.ts";

/**
 * A session's finals: numbered 1, 2, 3, …, kept for replay to a resumed page and late viewers, and
 * stored in D1 as they arrive, in order.
 */
export class SessionFinals {
  /** D1 writes, chained so they land in order and the session ends after them. */
  private writes: Promise<unknown> = Promise.resolve();
  /** When each final was corrected, for a page that may have missed it while it was away. */
  private readonly correctedAt = new Map<number, number>();
  /** When each final of this object's life was heard. */
  private readonly addedAt = new Map<number, number>();

  private constructor(
    private readonly db: D1Database,
    private readonly session: { readonly sessionId: string; seq: number },
    private readonly list: LiveSegment[],
    private readonly label: string,
  ) {}

  static none(db: D1Database, session: { readonly sessionId: string; seq: number }, label: string): SessionFinals {
    return new SessionFinals(db, session, [], label);
  }

  /** The finals D1 has, for an object that was evicted; the sequence carries on from the last. */
  static async read(
    db: D1Database,
    session: { readonly sessionId: string; seq: number },
    label: string,
  ): Promise<SessionFinals> {
    const list = await segmentsAfter(db, session.sessionId, 0);
    session.seq = Math.max(session.seq, list.at(-1)?.seq ?? 0);
    return new SessionFinals(db, session, list, label);
  }

  get all(): readonly LiveSegment[] {
    return this.list;
  }

  after(seq: number): LiveSegment[] {
    return this.list.filter((segment) => segment.seq > seq);
  }

  add(text: string, start: number, duration: number, speaker: string): LiveSegment {
    this.session.seq++;
    const segment: LiveSegment = { seq: this.session.seq, text, start, duration, speaker };
    this.list.push(segment);
    this.addedAt.set(segment.seq, Date.now());
    const { db, session } = this;
    // Not saved to the object's storage here: a pending write holds back every message the
    // object sends until it lands, and D1 already has the finals to recover `seq` from.
    this.writes = this.writes
      .then(() => appendSegment(db, session.sessionId, segment).run())
      .catch((error) => console.error(`${this.label} storing a final failed`, error));
    return segment;
  }

  /**
   * Replaces final `seq`'s text with its accurate pass's, here and in D1 (after its insert, on
   * the same chain); answers the corrected final.
   */
  correct(seq: number, text: string): LiveSegment | null {
    const index = this.list.findLastIndex((segment) => segment.seq === seq);
    const segment = this.list[index];
    if (!segment) return null;
    const corrected = { ...segment, text };
    this.list[index] = corrected;
    this.correctedAt.set(seq, Date.now());
    const { db, session } = this;
    this.writes = this.writes
      .then(() => correctSegment(db, session.sessionId, seq, text).run())
      .catch((error) => console.error(`${this.label} storing a correction failed`, error));
    return corrected;
  }

  /** Finals up to `seq` corrected at `since` or later: what a page last heard from then may have missed. */
  correctedSince(since: number, seq: number): LiveSegment[] {
    return this.list.filter((segment) => segment.seq <= seq && (this.correctedAt.get(segment.seq) ?? -1) >= since);
  }

  /**
   * What a viewer that had every final up to `seq` may have missed of them: the ones corrected
   * since final `seq` was heard, since it cannot have dropped before it had that one.
   */
  correctedAfterFinal(seq: number): LiveSegment[] {
    const heard = this.addedAt.get(seq);
    return heard === undefined ? [] : this.correctedSince(heard, seq);
  }

  /** Resolves once every final so far is in D1. */
  stored(): Promise<unknown> {
    return this.writes;
  }
}
