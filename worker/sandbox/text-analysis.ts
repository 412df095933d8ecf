import type { ReadAnswer } from "../providers/contracts/deepgram.ts";
import { sentencesOf } from "./spitch-corpus.ts";

/**
 * What the Deepgram emulator's text intelligence finds in English text: each sentence scored from
 * a small word list, topics and intents from the words that name them, and a summary from the
 * first sentence. Deterministic, so the same translation always gives the same report.
 */

const POSITIVE =
  /\b(pleased|happy|thank|thanks|grateful|good|bless|better|grew|new|success|support|achieve|welcome)\b/gi;
const NEGATIVE = /\b(problem|serious|harm|harms|fell|struggled|challenge|wahala|cut|crisis|fail|failed|poor)\b/gi;

const TOPICS: readonly (readonly [RegExp, string])[] = [
  [/\b(radio|programme|station|stations|listeners)\b/i, "Community radio"],
  [/\b(power|electricity|light|solar)\b/i, "Infrastructure"],
  [/\b(train|training|presenters)\b/i, "Training"],
  [/\b(journalists|press|questions)\b/i, "Press relations"],
  [/\b(states|country|communities|community)\b/i, "Reach"],
];

const INTENTS: readonly (readonly [RegExp, string])[] = [
  [/\b(announce|launch)\b/i, "Announce launch"],
  [/\b(thank|thanks|grateful)\b/i, "Express gratitude"],
  [/\b(problem|challenge|serious)\b/i, "Raise concern"],
  [/\bquestions?\b/i, "Invite questions"],
  [/\bwill\b/i, "Make commitment"],
];

const label = (score: number) => (score > 1 / 3 ? "positive" : score < -1 / 3 ? "negative" : "neutral");

function scoreOf(sentence: string): number {
  const positive = sentence.match(POSITIVE)?.length ?? 0;
  const negative = sentence.match(NEGATIVE)?.length ?? 0;
  if (positive + negative === 0) return 0.1;
  return Number(((0.8 * (positive - negative)) / (positive + negative)).toFixed(4));
}

type TextResults = ReadAnswer["results"];

/** The analyses asked for, nested as Deepgram's description nests them. */
export function analyseEnglish(
  text: string,
  wanted: { sentiment: boolean; topics: boolean; intents: boolean; summarize: boolean },
): TextResults {
  let word = 0;
  const spans = sentencesOf(text).map((sentence) => {
    const start_word = word;
    word += sentence.split(/\s+/).length;
    return { text: sentence, start_word, end_word: word - 1, score: scoreOf(sentence) };
  });
  const results: TextResults = {};
  if (wanted.sentiment) {
    const average = spans.reduce((sum, span) => sum + span.score, 0) / Math.max(1, spans.length);
    results.sentiments = {
      segments: spans.map(({ score, ...span }) => ({ ...span, sentiment: label(score), sentiment_score: score })),
      average: { sentiment: label(average), sentiment_score: Number(average.toFixed(4)) },
    };
  }
  const found = (rules: typeof TOPICS, sentence: string) => rules.filter(([pattern]) => pattern.test(sentence));
  if (wanted.topics) {
    const segments = spans.flatMap(({ score: _, ...span }) => {
      const topics = found(TOPICS, span.text).map(([, topic]) => ({ topic, confidence_score: 0.78 }));
      return topics.length ? [{ ...span, topics }] : [];
    });
    results.topics = { results: { topics: { segments } } };
  }
  if (wanted.intents) {
    const segments = spans.flatMap(({ score: _, ...span }) => {
      const intents = found(INTENTS, span.text).map(([, intent]) => ({ intent, confidence_score: 0.74 }));
      return intents.length ? [{ ...span, intents }] : [];
    });
    results.intents = { results: { intents: { segments } } };
  }
  if (wanted.summarize) {
    const topics = [...new Set(spans.flatMap((span) => found(TOPICS, span.text).map(([, topic]) => topic)))];
    const about = topics.length ? ` It covers ${topics.slice(0, 3).join(", ").toLowerCase()}.` : "";
    results.summary = { results: { summary: { text: `${spans[0]?.text ?? ""}${about}`.trim() } } };
  }
  return results;
}
