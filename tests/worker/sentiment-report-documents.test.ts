import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  clockTime,
  intentsWithTimes,
  keyQuotes,
  scoreInWords,
  topicsWithTimes,
} from "../../worker/reports/contracts/report-reading.ts";
import { type SentimentReport, sentimentReportSchema } from "../../worker/reports/contracts/sentiment.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { registerAndSignIn, uploadFile } from "./helpers.ts";
import { pdfContent } from "./pdf-text.ts";

const kit = {
  name: "Kano Radio Collective",
  boilerplate: "",
  spokespeople: [],
  media_contact: { name: "Bisi Akande", email: "press@kanoradio.example.ng", phone: "+234 803 123 4567" },
  dateline_city: "Kano",
};

/** A signed-in account with a press kit, a report on a 20-second recording, and a speaker named. */
async function reportWithKit() {
  const account = await registerAndSignIn();
  expect((await account.api.put("/api/organisation", kit)).status).toBe(200);
  const response = await uploadFile(
    "/api/sentiment",
    account.token,
    "file",
    new Blob([speechWav(20)], { type: "audio/wav" }),
    "town-hall.wav",
  );
  expect(response.status).toBe(200);
  const id = response.headers.get("location")?.split("/").at(-1) ?? "";
  const report: SentimentReport = sentimentReportSchema.parse(await response.json());
  const [quote] = keyQuotes(report);
  if (!quote?.speaker || quote.start === null) throw new Error("the sandbox report has no quote with a speaker");
  const renamed = await account.api.patch(`/api/sentiment/${id}/speakers`, {
    speakers: { [quote.speaker]: "Ada Obi" },
  });
  expect(renamed.status).toBe(200);
  const created = (await (await account.api.get(`/api/sentiment/${id}`)).json()) as { created_at: string };
  return { ...account, id, report, quote: { ...quote, start: quote.start }, date: created.created_at.slice(0, 10) };
}

/** What the report must say, whichever document it is in. */
function expectTheReport(text: string, report: SentimentReport, quote: { text: string; start: number }) {
  const average = report.results.sentiments?.average;
  if (!average) throw new Error("the sandbox report has no average sentiment");
  expect(text).toContain(
    "Kano Radio Collective Kano Media contact: Bisi Akande · press@kanoradio.example.ng · +234 803 123 4567",
  );
  // "0.33: mildly positive": the score, and the sentiment in words (the scale after it is "−1" in
  // Word and "-1" in the PDF, whose fonts have no minus sign).
  const [inWords = ""] = scoreInWords(average.sentiment_score).split(" (");
  expect(inWords).toMatch(/^-?\d\.\d\d: (neutral|(slightly|mildly|very) (positive|negative))$/);
  expect(text).toContain(`Overall tone ${inWords} (`);
  expect(text).toContain(`Ada Obi at ${clockTime(quote.start)}`);
  expect(text).toContain(`“${quote.text}”`);
  const topic = topicsWithTimes(report)[0];
  const intent = intentsWithTimes(report)[0];
  expect(text).toContain(`Topics ${topic?.name} (${topic?.count})`);
  expect(text).toContain(`Intents ${intent?.name} (${intent?.count})`);
  expect(text).toContain(`Summary ${report.results.summary?.short}`);
  const lastTurn = report.utterances?.at(-1);
  const firstTurn = report.utterances?.[0];
  expect(text).toContain(`Appendix: transcript Ada Obi ${clockTime(firstTurn?.start ?? -1)} ${firstTurn?.text}`);
  expect(text).toContain(`${clockTime(lastTurn?.start ?? -1)} ${lastTurn?.text}`);
}

/** The document's text, a space between paragraphs and table cells, as a reader would see it. */
function docxText(bytes: ArrayBuffer): { text: string; xml: string } {
  const xml = strFromU8(unzipSync(new Uint8Array(bytes))["word/document.xml"] ?? new Uint8Array());
  const text = xml
    .replace(/<\/w:(p|tc)>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { text, xml };
}

describe("GET /api/sentiment/:id/report", () => {
  it("gives a DOCX with the letterhead, the sentiment in words and as a score, a chart, quotes, topics, intents, summary and transcript", async () => {
    const { api, id, report, quote, date } = await reportWithKit();
    const response = await api.get(`/api/sentiment/${id}/report?format=docx`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="town-hall-sentiment-report-${date}.docx"`,
    );
    const { text, xml } = docxText(await response.arrayBuffer());
    expectTheReport(text, report, quote);
    // The chart: one row of the table per passage, its bar in the passage's colour.
    const segments = report.results.sentiments?.segments ?? [];
    expect(new Set(segments.map(({ sentiment }) => sentiment)).size).toBeGreaterThan(1);
    const bars = [...xml.matchAll(/<w:color w:val="([0-9A-F]{6})"\/>(?:(?!<\/w:r>).)*<w:t[^>]*>█+<\/w:t>/gs)];
    expect(bars.map((bar) => bar[1])).toEqual(
      segments.map(({ sentiment }) => ({ positive: "2E7D32", neutral: "757575", negative: "C62828" })[sentiment]),
    );
  });

  it("gives a PDF that says the same, with the chart drawn as one bar per passage", async () => {
    const { api, id, report, quote, date } = await reportWithKit();
    const response = await api.get(`/api/sentiment/${id}/report?format=pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="town-hall-sentiment-report-${date}.pdf"`,
    );
    const { text, fills } = await pdfContent(new Uint8Array(await response.arrayBuffer()));
    expectTheReport(text, report, quote);
    // The chart: one filled bar per passage, in the passage's colour.
    const colours = { positive: "0.18 0.49 0.2", neutral: "0.46 0.46 0.46", negative: "0.78 0.16 0.16" };
    const segments = report.results.sentiments?.segments ?? [];
    expect(new Set(segments.map(({ sentiment }) => sentiment)).size).toBeGreaterThan(1);
    expect(fills).toEqual(segments.map(({ sentiment }) => colours[sentiment]));
  });

  it("answers 404 for another account's report, and 400 naming the formats for any other format", async () => {
    const { id, api } = await reportWithKit();
    const other = await registerAndSignIn();
    const theirs = await other.api.get(`/api/sentiment/${id}/report?format=pdf`);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: "not_found" });
    for (const format of ["txt", ""]) {
      const refused = await api.get(`/api/sentiment/${id}/report?format=${format}`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: "validation_failed",
        message: "format is one of docx, pdf",
        errors: { format: ["format is one of docx, pdf"] },
      });
    }
    expect((await api.get(`/api/sentiment/${id}/report`)).status).toBe(400);
  });
});
