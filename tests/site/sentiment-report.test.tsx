import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { SentimentReport } from "@worker/reports/contracts/sentiment.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SentimentReportDialog } from "../../site/src/sentiment/sentiment-report-dialog.tsx";
import { scoreInWords } from "../../worker/reports/contracts/report-reading.ts";

const said = "We launch today. Power is a problem. Thank you all.".split(" ");
const words = said.map((word, index) => ({
  word: word.toLowerCase(),
  punctuated_word: word,
  start: index * 2,
  end: index * 2 + 1.5,
}));

/** Two speakers: Ada (label "0") opens and closes, label "1" names the problem at 0:00:06. */
const report: SentimentReport = {
  language: "en",
  metadata: { duration: 20 },
  utterances: [
    { speaker: "0", start: 0, end: 5.5, text: "We launch today." },
    { speaker: "1", start: 6, end: 13.5, text: "Power is a problem." },
    { speaker: "0", start: 14, end: 19.5, text: "Thank you all." },
  ],
  results: {
    channels: [{ alternatives: [{ transcript: said.join(" "), words }] }],
    sentiments: {
      segments: [
        { text: "We launch today.", start_word: 0, end_word: 2, sentiment: "positive", sentiment_score: 0.8 },
        { text: "Power is a problem.", start_word: 3, end_word: 6, sentiment: "negative", sentiment_score: -0.6 },
        { text: "Thank you all.", start_word: 7, end_word: 9, sentiment: "positive", sentiment_score: 0.5 },
      ],
      average: { sentiment: "positive", sentiment_score: 0.33 },
    },
    topics: {
      segments: [
        { text: "a", start_word: 3, end_word: 6, topics: [{ topic: "Power", confidence_score: 0.9 }] },
        { text: "b", start_word: 7, end_word: 9, topics: [{ topic: "Power", confidence_score: 0.8 }] },
      ],
    },
  },
};

const job = { id: "job-1", recordingKept: true, speakerNames: { "0": "Ada" } };

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("the sentiment report for PR people", () => {
  it("says the score in words on its −1 to 1 scale", () => {
    expect(scoreInWords(0.33)).toBe("0.33: mildly positive (−1 is very negative, 1 very positive)");
    expect(scoreInWords(-0.72)).toBe("-0.72: very negative (−1 is very negative, 1 very positive)");
    expect(scoreInWords(0.04)).toBe("0.04: neutral (−1 is very negative, 1 very positive)");
    render(<SentimentReportDialog report={report} fileName="launch.wav" onClose={() => {}} />);
    const overall = screen.getByRole("region", { name: "Overall tone" });
    expect(overall).toHaveTextContent("0.33: mildly positive (−1 is very negative, 1 very positive)");
  });

  it("draws the sentiment over the recording, marked in text as well as colour, at each segment's time", () => {
    render(<SentimentReportDialog report={report} fileName="launch.wav" onClose={() => {}} />);
    const strip = screen.getByRole("img", { name: /^Sentiment over 0:00:20: 2 positive, 0 neutral and 1 negative/ });
    const parts = [...strip.querySelectorAll<HTMLElement>(".timeline__part")];
    expect(parts.map((part) => [part.textContent, part.style.left])).toEqual([
      ["+", "0%"],
      ["−", "30%"],
      ["+", "70%"],
    ]);
    const list = within(screen.getByRole("list", { name: "Sentiment across the recording" }));
    expect(list.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "positive 0.80 0:00:00We launch today.",
      "negative -0.60 0:00:06Power is a problem.",
      "positive 0.50 0:00:14Thank you all.",
    ]);
    expect(document.querySelectorAll(".segment")).toHaveLength(3);
  });

  it("plays the recording from a clicked segment, streaming it from the media URL it asks for first", async () => {
    const user = userEvent.setup();
    const media = "https://api.vox.test/api/media/abc";
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json({ url: media, expires_at: "2026-11-28T06:00:00.000Z" }));
    const { baseElement } = render(
      <SentimentReportDialog report={report} fileName="launch.wav" job={job} onClose={() => {}} />,
    );
    await user.click(screen.getAllByRole("button", { name: "Play from 0:00:06" })[0] as HTMLElement);
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/sentiment\/job-1\/audio\/url$/);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe("POST");
    const audio = await waitFor(() => baseElement.querySelector("audio") as HTMLAudioElement);
    expect(audio.getAttribute("src")).toBe(media);
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(6);
  });

  it("quotes the most positive and most negative things said, with speaker and time", () => {
    render(<SentimentReportDialog report={report} fileName="launch.wav" job={job} onClose={() => {}} />);
    const quotes = within(screen.getByRole("region", { name: "Key quotes" })).getAllByRole("listitem");
    expect(quotes.map((quote) => quote.textContent)).toEqual([
      "Most positive (0.80)“We launch today.”Ada, 0:00:00",
      "Most negative (-0.60)“Power is a problem.”Speaker 2, 0:00:06",
    ]);
    const topics = within(screen.getByRole("region", { name: "Topics" })).getAllByRole("listitem");
    expect(topics.map((topic) => topic.textContent)).toEqual(["Power × 20:00:060:00:14"]);
  });

  it("keeps the specification's fields, with Not Available, under Details", () => {
    render(<SentimentReportDialog report={report} fileName="launch.wav" onClose={() => {}} />);
    const details = within(screen.getByRole("region", { name: "Details" }));
    const fields = details.getAllByRole("term").map((term) => [term.textContent, term.nextSibling?.textContent]);
    expect(fields).toEqual([
      ["Average sentiment", "Positive"],
      ["Sentiment score", "0.33"],
      ["First segment starts at word", "0 (“We”)"],
      ["First segment ends at word", "2 (“today.”)"],
      ["Topic", "Power"],
      ["Intent", "Not Available"],
      ["Summary", "Not Available"],
    ]);
    expect(details.getByText(said.join(" "))).toHaveClass("report__transcript");
  });

  it("marks a Yorùbá recording's missing transcript as the English Not Available, not as Yorùbá", () => {
    const silent: SentimentReport = {
      language: "yo",
      results: { channels: [{ alternatives: [{ transcript: "" }] }] },
      sentences: [],
      translation: { language: "en", text: "" },
    };
    render(<SentimentReportDialog report={silent} fileName="silence.wav" onClose={() => {}} />);
    const transcript = within(screen.getByRole("region", { name: "Transcript in Yorùbá" }));
    expect(transcript.getByText("Not Available").closest('[lang="yo"]')).toBeNull();
  });

  it("offers the whole report as DOCX and PDF beside the other exports, each fetched from the Worker and saved under its name", async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => "blob:report");
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const format = new URL(String(input), "https://vox.test").searchParams.get("format");
      return new Response("%PDF-", {
        headers: { "content-disposition": `attachment; filename="launch-sentiment-report-2026-11-28.${format}"` },
      });
    });
    render(<SentimentReportDialog report={report} fileName="launch.wav" job={job} onClose={() => {}} />);
    const exports = screen.getByRole("button", { name: "Download JSON" }).parentElement as HTMLElement;
    expect(
      within(exports)
        .getAllByRole("button")
        .map((button) => button.textContent?.trim()),
    ).toEqual(["Copy report", "Download TXT", "Download JSON", "Download DOCX", "Download PDF"]);

    await user.click(within(exports).getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/sentiment\/job-1\/report\?format=pdf$/);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("launch-sentiment-report-2026-11-28.pdf");

    await user.click(within(exports).getByRole("button", { name: "Download DOCX" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(String(fetch.mock.calls[1]?.[0])).toMatch(/\/api\/sentiment\/job-1\/report\?format=docx$/);
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe("launch-sentiment-report-2026-11-28.docx");
  });

  it("offers no document for a report the Worker did not keep", () => {
    render(<SentimentReportDialog report={report} fileName="launch.wav" onClose={() => {}} />);
    expect(screen.getByRole("button", { name: "Download JSON" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download PDF" })).toBeNull();
  });
});
