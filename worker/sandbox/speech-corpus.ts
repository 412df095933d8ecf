import type { PrerecordedAnswer } from "../providers/contracts/deepgram.ts";
import type { MediaProbe } from "./media-probe.ts";
import { TWO_SPEAKER_SUBJECT } from "./two-speakers.ts";

/**
 * What the sandbox speech providers "hear": sentences from a small press-briefing corpus, chosen
 * deterministically from the recording's edges and size, about one every four seconds of audio, so the same
 * file always gives the same transcript and a longer file a longer one. A recording is one speaker
 * unless it is a briefing with questions (see `TWO_SPEAKER_SUBJECT`): then a journalist asks every
 * third sentence and the spokesperson answers, so diarization has two voices to tell apart.
 */

interface CorpusSentence {
  readonly text: string;
  readonly sentiment: "positive" | "neutral" | "negative";
  readonly score: number;
  readonly topic?: string;
  readonly intent?: string;
}

const CORPUS: readonly CorpusSentence[] = [
  {
    text: "Good morning and thank you all for joining us in Lagos today.",
    sentiment: "positive",
    score: 0.71,
    intent: "Greet audience",
  },
  {
    text: "We are pleased to announce the launch of our new community radio programme.",
    sentiment: "positive",
    score: 0.82,
    topic: "Product launch",
    intent: "Announce launch",
  },
  {
    text: "The programme will reach listeners in twelve states from the first of March.",
    sentiment: "neutral",
    score: 0.12,
    topic: "Expansion",
    intent: "Share schedule",
  },
  {
    text: "Our partners have committed fifty million naira to train young presenters.",
    sentiment: "positive",
    score: 0.64,
    topic: "Funding",
    intent: "Announce investment",
  },
  {
    text: "Power supply remains a serious challenge for stations outside the big cities.",
    sentiment: "negative",
    score: -0.58,
    topic: "Infrastructure",
    intent: "Raise concern",
  },
  {
    text: "We will install solar systems at every partner station this year.",
    sentiment: "positive",
    score: 0.45,
    topic: "Infrastructure",
    intent: "Make commitment",
  },
  {
    text: "Listeners told us they want more news in Yoruba, Hausa and Igbo.",
    sentiment: "neutral",
    score: 0.2,
    topic: "Audience research",
    intent: "Share findings",
  },
  {
    text: "Misinformation spreads quickly during elections and it harms our communities.",
    sentiment: "negative",
    score: -0.67,
    topic: "Misinformation",
    intent: "Raise concern",
  },
  {
    text: "Every newsroom in the network will receive fact-checking training.",
    sentiment: "positive",
    score: 0.52,
    topic: "Media literacy",
    intent: "Make commitment",
  },
  {
    text: "The results of the pilot in Ibadan were better than we expected.",
    sentiment: "positive",
    score: 0.77,
    topic: "Pilot results",
    intent: "Share results",
  },
  {
    text: "Audience numbers grew by thirty percent in six months.",
    sentiment: "positive",
    score: 0.61,
    topic: "Pilot results",
    intent: "Share results",
  },
  {
    text: "Some stations struggled to keep experienced staff after the pilot ended.",
    sentiment: "negative",
    score: -0.41,
    topic: "Staffing",
    intent: "Acknowledge problem",
  },
  {
    text: "We will publish a full report on our website next month.",
    sentiment: "neutral",
    score: 0.1,
    topic: "Reporting",
    intent: "Share schedule",
  },
  {
    text: "Journalists can send their questions to our press office at any time.",
    sentiment: "neutral",
    score: 0.15,
    intent: "Invite questions",
  },
  {
    text: "This partnership shows what Nigerian media can achieve when we work together.",
    sentiment: "positive",
    score: 0.74,
    topic: "Partnership",
    intent: "Express optimism",
  },
  {
    text: "Advertising revenue fell sharply last year and many outlets cut their budgets.",
    sentiment: "negative",
    score: -0.62,
    topic: "Media economics",
    intent: "Describe situation",
  },
  {
    text: "The board approved the budget for the second phase on Tuesday.",
    sentiment: "neutral",
    score: 0.18,
    topic: "Governance",
    intent: "Report decision",
  },
  {
    text: "We thank the state governments for their support and their patience.",
    sentiment: "positive",
    score: 0.69,
    intent: "Express gratitude",
  },
];

/** The journalist's side of a briefing with questions. */
const QUESTIONS: readonly CorpusSentence[] = [
  {
    text: "How will the programme reach villages without mobile coverage?",
    sentiment: "neutral",
    score: -0.05,
    topic: "Expansion",
    intent: "Ask question",
  },
  {
    text: "Can you say who the partners are and what each of them has committed?",
    sentiment: "neutral",
    score: 0.02,
    topic: "Funding",
    intent: "Ask question",
  },
  {
    text: "What will you do about stations that still have no electricity?",
    sentiment: "negative",
    score: -0.4,
    topic: "Infrastructure",
    intent: "Ask question",
  },
  {
    text: "When will the full report on the pilot be made public?",
    sentiment: "neutral",
    score: 0.04,
    topic: "Reporting",
    intent: "Ask question",
  },
];

/** FNV-1a over the recording's edges and size: the same file always seeds the same sentences. */
function fingerprint(media: MediaProbe): number {
  let value = 2166136261 ^ media.size;
  for (const edge of [media.head, media.tail]) {
    for (const byte of edge) value = Math.imul(value ^ byte, 16777619);
  }
  return value >>> 0;
}

interface RiffChunk {
  readonly id: string;
  /** Where the chunk's data starts in `head`. */
  readonly offset: number;
  readonly size: number;
}

const ascii = (bytes: Uint8Array, offset: number, length = 4) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

/** The chunks of a WAV (RIFF) header whose heading lies in `bytes`; none for other formats. */
function* riffChunks(bytes: Uint8Array, from = 12, to = bytes.length): Generator<RiffChunk> {
  if (from === 12 && !(bytes.length > 44 && ascii(bytes, 0) === "RIFF" && ascii(bytes, 8) === "WAVE")) return;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = from; offset + 8 <= to; ) {
    const size = view.getUint32(offset + 4, true);
    yield { id: ascii(bytes, offset), offset: offset + 8, size };
    offset += 8 + size + (size % 2);
  }
}

/** Seconds of audio: exact for PCM WAV (from its header and the size), otherwise estimated at 128 kbit/s. */
function estimateDuration(media: MediaProbe): number {
  const { head, size } = media;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let byteRate = 0;
  for (const chunk of riffChunks(head)) {
    if (chunk.id === "fmt " && chunk.offset + 12 <= head.length) byteRate = view.getUint32(chunk.offset + 8, true);
    if (chunk.id === "data" && byteRate > 0) return Math.min(chunk.size, size - chunk.offset) / byteRate;
  }
  return size / 16_000;
}

/** The samples a 16 kHz 16-bit mono PCM WAV holds in its first bytes; null for any other recording. */
export function pcmSamplesOf({ head }: MediaProbe): Uint8Array | null {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let pcm16k = false;
  for (const chunk of riffChunks(head)) {
    if (chunk.id === "fmt " && chunk.offset + 16 <= head.length) {
      const [format, channels, rate, bits] = [0, 2, 4, 14].map((at, i) =>
        i === 2 ? view.getUint32(chunk.offset + at, true) : view.getUint16(chunk.offset + at, true),
      );
      pcm16k = format === 1 && channels === 1 && rate === 16_000 && bits === 16;
    }
    if (chunk.id === "data") return pcm16k ? head.subarray(chunk.offset, chunk.offset + chunk.size) : null;
  }
  return null;
}

/** Whether the WAV header names the recording a briefing with questions. */
function hasTwoSpeakers({ head }: MediaProbe): boolean {
  for (const chunk of riffChunks(head)) {
    if (chunk.id !== "LIST" || ascii(head, chunk.offset) !== "INFO") continue;
    const end = Math.min(head.length, chunk.offset + chunk.size);
    for (const field of riffChunks(head, chunk.offset + 4, end)) {
      const text = ascii(head, field.offset, Math.min(field.size, end - field.offset)).replace(/\0+$/, "");
      if (field.id === "ISBJ" && text === TWO_SPEAKER_SUBJECT) return true;
    }
  }
  return false;
}

/** A sentence as heard: who said it, 0 for the first voice, 1 for the second. */
interface HeardSentence extends CorpusSentence {
  readonly speaker: number;
}

export interface HeardSpeech {
  readonly sentences: readonly HeardSentence[];
  readonly duration: number;
}

export function hear(media: MediaProbe): HeardSpeech {
  const duration = estimateDuration(media);
  const count = Math.max(1, Math.min(400, Math.round(duration / 4)));
  const questions = hasTwoSpeakers(media);
  let seed = fingerprint(media);
  const sentences: HeardSentence[] = [];
  for (let i = 0; i < count; i++) {
    seed = Math.imul(seed ^ (seed >>> 15), 2246822507) >>> 0;
    const asks = questions && i % 3 === 1;
    const from = asks ? QUESTIONS : CORPUS;
    sentences.push({ ...(from[(seed + i) % from.length] as CorpusSentence), speaker: asks ? 1 : 0 });
  }
  return { sentences, duration: Math.max(duration, 0.5) };
}

export function transcriptOf(speech: HeardSpeech): string {
  return speech.sentences.map((sentence) => sentence.text).join(" ");
}

const label = (score: number) => (score > 1 / 3 ? "positive" : score < -1 / 3 ? "negative" : "neutral");

type DeepgramWord = NonNullable<PrerecordedAnswer["results"]["utterances"]>[number]["words"][number];

/**
 * Deepgram's prerecorded `results` for the heard speech, with every analysis the tool asks for;
 * with `diarize`, a speaker number (from 0) on every word and utterance, as the service adds them.
 */
export function deepgramResults(speech: HeardSpeech, options: { diarize: boolean }): PrerecordedAnswer["results"] {
  const words: (DeepgramWord & { start: number; end: number })[] = [];
  const spans = speech.sentences.map((sentence) => {
    const first = words.length;
    for (const token of sentence.text.split(" ")) {
      words.push({
        word: token.toLowerCase().replace(/[^a-z0-9-]/g, ""),
        punctuated_word: token,
        start: 0,
        end: 0,
        confidence: 0.98,
        ...(options.diarize ? { speaker: sentence.speaker, speaker_confidence: 0.9 } : {}),
      });
    }
    return { sentence, start_word: first, end_word: words.length - 1 };
  });
  const perWord = speech.duration / words.length;
  words.forEach((word, index) => {
    word.start = Number((index * perWord).toFixed(3));
    word.end = Number(((index + 0.9) * perWord).toFixed(3));
  });
  const transcript = transcriptOf(speech);
  const average = spans.reduce((sum, span) => sum + span.sentence.score, 0) / spans.length;
  return {
    channels: [{ alternatives: [{ transcript, confidence: 0.97, words }] }],
    utterances: spans.map(({ sentence, start_word, end_word }) => {
      const spoken = words.slice(start_word, end_word + 1);
      return {
        id: crypto.randomUUID(),
        start: spoken[0]?.start ?? 0,
        end: spoken.at(-1)?.end ?? 0,
        confidence: 0.97,
        channel: 0,
        transcript: sentence.text,
        words: spoken,
        ...(options.diarize ? { speaker: sentence.speaker } : {}),
      };
    }),
    summary: { result: "success", short: summarise(speech) },
    sentiments: {
      segments: spans.map(({ sentence, start_word, end_word }) => ({
        text: sentence.text,
        start_word,
        end_word,
        sentiment: sentence.sentiment,
        sentiment_score: sentence.score,
      })),
      average: { sentiment: label(average), sentiment_score: Number(average.toFixed(4)) },
    },
    topics: {
      segments: spans.flatMap(({ sentence, start_word, end_word }) =>
        sentence.topic
          ? [{ text: sentence.text, start_word, end_word, topics: [{ topic: sentence.topic, confidence_score: 0.81 }] }]
          : [],
      ),
    },
    intents: {
      segments: spans.flatMap(({ sentence, start_word, end_word }) =>
        sentence.intent
          ? [
              {
                text: sentence.text,
                start_word,
                end_word,
                intents: [{ intent: sentence.intent, confidence_score: 0.77 }],
              },
            ]
          : [],
      ),
    },
  };
}

function summarise(speech: HeardSpeech): string {
  const topics = [
    ...new Set(speech.sentences.flatMap((sentence) => (sentence.topic ? [sentence.topic.toLowerCase()] : []))),
  ];
  const about = topics.length ? ` It covers ${topics.slice(0, 3).join(", ")}.` : "";
  return `The speaker addresses a press briefing. ${speech.sentences[0]?.text ?? ""}${about}`.trim();
}

/** Whether the recording starts like a container or codec a speech provider decodes. */
export function looksLikeMedia({ head: bytes }: MediaProbe): boolean {
  if (bytes.length < 12) return false;
  return (
    (ascii(bytes, 0) === "RIFF" && ascii(bytes, 8) === "WAVE") ||
    ascii(bytes, 0, 3) === "ID3" ||
    (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) ||
    ascii(bytes, 0) === "OggS" ||
    ascii(bytes, 0) === "fLaC" ||
    ascii(bytes, 4) === "ftyp" ||
    (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
  );
}
