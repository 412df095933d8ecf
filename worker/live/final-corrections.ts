import type { Language } from "../contracts/languages.ts";
import { objectProviders } from "../core/object-providers.ts";
import { transcribe } from "../providers/spitch.ts";
import { stagesFor } from "../routing.ts";
import { type PcmHistory, wavOf } from "./audio/pcm-history.ts";
import type { LiveSegment } from "./contracts/live.ts";

/**
 * How long a final's accurate pass may take before its fast final stands. Spitch transcribes a
 * turn of a few seconds in about a second; past this the caption has long been read, and a
 * replacement would only move text under the reader's eyes.
 */
const CORRECTION_WAIT_MS = 6000;
/**
 * Corrections asked at once per session. Turns end every few seconds, so more than this in
 * flight means Spitch is slow; further finals then keep their fast text rather than queue.
 */
export const MAX_CORRECTIONS_IN_FLIGHT = 4;
/**
 * The longest final whose audio is sent: AssemblyAI ends a turn at a pause, so a longer one is a
 * monologue whose correction would come too late to help (and a bigger upload for nothing).
 */
export const MAX_CORRECTION_SECONDS = 15;
/** Audio the relay keeps for corrections: the longest final, plus the fast pass's lag behind it. */
export const CORRECTION_AUDIO_SECONDS = MAX_CORRECTION_SECONDS + 10;

/** A final's audio as WAV → the accurate pass's text. */
type TranscribeFinal = (wav: Blob) => Promise<string>;

/**
 * The accurate pass: each fast final's audio, cut from what the relay decoded, goes to Spitch in
 * the background; its text replaces the final when it differs. A correction that fails, comes
 * after `CORRECTION_WAIT_MS` (the request is cut off then), or is not asked (too many in flight,
 * too long a final, its audio no longer held) leaves the fast final standing. Nothing waits for a
 * correction but the session's end, so later captions are never held back.
 */
export class FinalCorrections {
  /** Each final being corrected, by `seq`: what it will stand as once its pass is over. */
  private readonly inFlight = new Map<number, Promise<LiveSegment>>();

  constructor(
    private readonly transcribeFinal: TranscribeFinal,
    private readonly audio: PcmHistory,
    private readonly label: string,
  ) {}

  /**
   * Asks for `segment`'s correction; `apply` takes the new text and answers the corrected final.
   * Resolves to the final as it now stands (corrected or not), never rejects.
   */
  correct(segment: LiveSegment, apply: (text: string) => LiveSegment): Promise<LiveSegment> {
    if (segment.duration > MAX_CORRECTION_SECONDS) return Promise.resolve(segment);
    if (this.inFlight.size >= MAX_CORRECTIONS_IN_FLIGHT) {
      console.warn(`${this.label} final ${segment.seq} not corrected: ${this.inFlight.size} corrections in flight`);
      return Promise.resolve(segment);
    }
    const pcm = this.audio.slice(segment.start, segment.duration);
    if (!pcm) return Promise.resolve(segment);
    const corrected = this.transcribeFinal(wavOf(pcm)).then(
      (answer) => {
        const text = answer.trim();
        return text && text !== segment.text ? apply(text) : segment;
      },
      (error) => {
        console.error(`${this.label} correcting final ${segment.seq} failed; the fast final stands`, error);
        return segment;
      },
    );
    this.inFlight.set(segment.seq, corrected);
    void corrected.finally(() => this.inFlight.delete(segment.seq));
    return corrected;
  }

  /**
   * `segment` as its accurate pass will leave it: at once unless its correction is on its way, so
   * a late reader of another language is not given a translation of words about to be replaced.
   */
  standing(segment: LiveSegment): Promise<LiveSegment> {
    return this.inFlight.get(segment.seq) ?? Promise.resolve(segment);
  }

  /** Resolves once every correction asked has been applied or given up. */
  settled(): Promise<unknown> {
    return Promise.all(this.inFlight.values());
  }
}

/** Whether the routing table follows `language`'s live stream with an accurate pass through Spitch. */
export function hasAccuratePass(language: Language): boolean {
  const [, ...after] = stagesFor("live", language);
  return after.some((stage) => stage.provider === "spitch" && stage.task === "transcribe");
}

/** The accurate pass through Spitch for a session in `language`, with the account's vocabulary. */
export function finalCorrections(
  env: Env,
  session: { readonly language: Language; readonly origin: string; readonly keyterms: readonly string[] },
  audio: PcmHistory,
  label: string,
): FinalCorrections {
  const spitch = () => objectProviders(env, session.origin)("spitch");
  const transcribeFinal: TranscribeFinal = async (wav) => {
    const answer = await transcribe(spitch(), {
      audio: wav,
      language: session.language,
      specialWords: session.keyterms,
      timeoutMs: CORRECTION_WAIT_MS,
    });
    return answer.text;
  };
  return new FinalCorrections(transcribeFinal, audio, label);
}
