import type { Language } from "../contracts/languages.ts";
import { type Page, pagedStatement, type RowsStatement } from "../core/d1.ts";
import { objectProviders } from "../core/object-providers.ts";
import { translate } from "../providers/spitch.ts";
import type { CaptionTranscriptMessage, LiveSegment } from "./contracts/live.ts";

/**
 * How long a reader of another language waits for a live final's translation before getting it as
 * spoken. Each final is sent on its own, so a slow one never holds back the next; this only bounds
 * how long its line stays missing.
 */
export const TRANSLATION_WAIT_MS = 4000;

/** A final as one caption reader gets it. */
type CaptionFinal = CaptionTranscriptMessage & { readonly is_final: true; readonly seq: number };

type Translate = (text: string, source: Language, target: Language) => Promise<string>;

/** A session's finals as spoken: what readers of its own language get, unchanged. */
export const spokenFinal = (segment: LiveSegment): CaptionFinal => ({ type: "transcript", is_final: true, ...segment });

/**
 * A session's finals in the languages its caption readers chose: each final is translated once per
 * language, however many readers ask, and kept in D1 so a reader who joins late, reconnects, or
 * opens the kept link after the session reads them without another provider call. A translation
 * that failed is not asked again while this relay runs; the reader gets the final as spoken.
 */
export class CaptionTranslations {
  private readonly known = new Map<string, Promise<string | null>>();
  private readonly stored = new Map<Language, Promise<ReadonlyMap<number, string>>>();
  /** D1 writes, chained so a burst of finals never races itself. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: D1Database,
    private readonly sessionId: string,
    /** The language the session is spoken in. */
    readonly source: Language,
    private readonly translate: Translate,
    private readonly label: string,
  ) {}

  /**
   * `segment` for a reader of `target`: translated, with the words as spoken in `original`; or,
   * when translating failed or took longer than `waitMs`, as spoken, marked with the session's
   * language. Without `waitMs` the reader waits for the provider's own timeout (a catch-up).
   */
  async final(segment: LiveSegment, target: Language, waitMs?: number): Promise<CaptionFinal> {
    const spoken = spokenFinal(segment);
    if (target === this.source) return spoken;
    const text = await (waitMs === undefined
      ? this.translation(segment, target)
      : within(this.translation(segment, target), waitMs));
    return text === null
      ? { ...spoken, language: this.source }
      : { ...spoken, text, language: target, original: segment.text };
  }

  private translation(segment: LiveSegment, target: Language): Promise<string | null> {
    const key = `${target}:${segment.seq}`;
    let translation = this.known.get(key);
    if (!translation) {
      translation = this.storedIn(target).then((stored) => stored.get(segment.seq) ?? this.ask(segment, target));
      this.known.set(key, translation);
    }
    return translation;
  }

  private async ask(segment: LiveSegment, target: Language): Promise<string | null> {
    try {
      const text = await this.translate(segment.text, this.source, target);
      this.writes = this.writes
        .then(() => storeTranslation(this.db, this.sessionId, target, segment.seq, text))
        .catch((error) => console.error(`${this.label} storing a caption translation failed`, error));
      return text;
    } catch (error) {
      console.error(`${this.label} translating final ${segment.seq} to ${target} failed`, error);
      return null;
    }
  }

  /** Read once per language: a session's stored translations, for an object that was evicted. */
  private storedIn(target: Language): Promise<ReadonlyMap<number, string>> {
    let stored = this.stored.get(target);
    if (!stored) {
      stored = storedTranslations(this.db, this.sessionId, target).catch((error) => {
        console.error(`${this.label} reading caption translations failed`, error);
        return new Map();
      });
      this.stored.set(target, stored);
    }
    return stored;
  }
}

/** A session's translations through Spitch, from the language it is spoken in. */
export function captionTranslations(
  env: Env,
  session: { readonly sessionId: string; readonly language: Language; readonly origin: string },
  label: string,
): CaptionTranslations {
  const spitch = () => objectProviders(env, session.origin)("spitch");
  return new CaptionTranslations(
    env.DB,
    session.sessionId,
    session.language,
    (text, source, target) => translate(spitch(), { text, source, target }),
    label,
  );
}

/** Resolves to `promise`'s value, or to null once `ms` have passed. */
function within<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([promise, late]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}

function storeTranslation(db: D1Database, sessionId: string, language: Language, seq: number, text: string) {
  return db
    .prepare("INSERT OR IGNORE INTO live_caption_translations (session_id, language, seq, text) VALUES (?, ?, ?, ?)")
    .bind(sessionId, language, seq, text)
    .run();
}

async function storedTranslations(db: D1Database, sessionId: string, language: Language) {
  const { results } = await db
    .prepare("SELECT seq, text FROM live_caption_translations WHERE session_id = ? AND language = ?")
    .bind(sessionId, language)
    .all<{ seq: number; text: string }>();
  return new Map(results.map((row) => [row.seq, row.text]));
}

/** A page of one session's caption translations, for the account's data export. */
export function captionTranslationsOf(
  db: D1Database,
  sessionId: string,
  page: Page,
): RowsStatement<{ language: string; seq: number; text: string }> {
  return pagedStatement(
    db,
    "SELECT language, seq, text FROM live_caption_translations WHERE session_id = ? ORDER BY language, seq",
    [sessionId],
    page,
  );
}
