import { describe, expect, it } from "vitest";
import { releasePlainText } from "../../worker/press-releases/contracts/release-markdown.ts";
import {
  allTopics,
  exportName,
  NOT_AVAILABLE,
  reportAsText,
  reportFields,
  transcriptOf,
} from "../../worker/reports/contracts/report-reading.ts";
import type { SentimentReport } from "../../worker/reports/contracts/sentiment.ts";

const full: SentimentReport = {
  language: "en",
  results: {
    channels: [
      {
        alternatives: [
          {
            transcript: "We launch today. Power is a problem.",
            words: ["we", "launch", "today", "power", "is", "a", "problem"].map((word, index) => ({
              word,
              punctuated_word: word === "today" || word === "problem" ? `${word}.` : word,
              start: index,
              end: index + 0.5,
            })),
          },
        ],
      },
    ],
    summary: { short: "A launch, and a problem." },
    sentiments: {
      segments: [
        { text: "We launch today.", start_word: 0, end_word: 2, sentiment: "positive", sentiment_score: 0.8 },
        { text: "Power is a problem.", start_word: 3, end_word: 6, sentiment: "negative", sentiment_score: -0.6 },
      ],
      average: { sentiment: "neutral", sentiment_score: 0.1 },
    },
    topics: {
      segments: [
        { text: "a", start_word: 0, end_word: 2, topics: [{ topic: "Launch", confidence_score: 0.9 }] },
        { text: "b", start_word: 3, end_word: 6, topics: [{ topic: "Power", confidence_score: 0.8 }] },
        { text: "c", start_word: 3, end_word: 6, topics: [{ topic: "Power", confidence_score: 0.7 }] },
      ],
    },
    intents: {
      segments: [{ text: "a", start_word: 0, end_word: 2, intents: [{ intent: "Announce", confidence_score: 1 }] }],
    },
  },
};

describe("the sentiment report", () => {
  it("shows each headline field from the provider's answer", () => {
    expect(Object.fromEntries(reportFields(full).map((field) => [field.label, field.value]))).toEqual({
      "Average sentiment": "Neutral",
      "Sentiment score": "0.10",
      "First segment starts at word": "0 (“we”)",
      "First segment ends at word": "2 (“today.”)",
      Topic: "Launch",
      Intent: "Announce",
      Summary: "A launch, and a problem.",
    });
    expect(transcriptOf(full.results)).toBe("We launch today. Power is a problem.");
  });

  it("shows Not Available for every field the provider left out", () => {
    const empty: SentimentReport = { language: "en", results: { channels: [{ alternatives: [{ transcript: "" }] }] } };
    expect(reportFields(empty).map((field) => field.value)).toEqual(Array(7).fill(NOT_AVAILABLE));
    expect(transcriptOf({})).toBe(NOT_AVAILABLE);
  });

  it("counts every topic, most frequent first, and exports readable text", () => {
    expect(allTopics(full)).toEqual([
      { name: "Power", count: 2 },
      { name: "Launch", count: 1 },
    ]);
    const text = reportAsText(full, "town hall.wav");
    expect(text).toContain("Average sentiment: Neutral");
    expect(text).toContain("All topics: Power (2), Launch (1)");
    expect(text).toContain("- [negative -0.60] Power is a problem.");
    expect(text.trimEnd().endsWith("We launch today. Power is a problem.")).toBe(true);
    expect(exportName("town hall.wav", "json")).toBe("town-hall-sentiment.json");
    // Named as the report's DOCX and PDF are: ASCII words, one hyphen between them.
    expect(exportName("Town-hall meeting (final).wav", "json")).toBe("town-hall-meeting-final-sentiment.json");
    expect(exportName("Ìpàdé ìlú.m4a", "txt")).toBe("ipade-ilu-sentiment.txt");
    expect(exportName("???.wav", "txt")).toBe("recording-sentiment.txt");
  });
});

describe("press release downloads", () => {
  it("turn the generated Markdown into plain text", () => {
    const markdown = "# Big news\n\n**LAGOS, Nigeria** — We *launch* today.\n\n> A quote\n\n- one\n- two\n\n\n\n###";
    expect(releasePlainText(markdown)).toBe(
      "Big news\n\nLAGOS, Nigeria — We launch today.\n\nA quote\n\n• one\n• two\n\n###\n",
    );
  });
});
