import { z } from "zod";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../../contracts/languages.ts";
import { createdJobSchema, jobSchema, translationSchema } from "../../jobs/contracts/job-schema.ts";
import { speakerNamesSchema, utteranceSchema } from "../../transcripts/contracts/transcript.ts";

/**
 * The sentiment report: the part of Deepgram's prerecorded answer the tool shows (read from its
 * `results`). Every field is optional because the provider omits what it could not
 * find, and the site shows "Not Available" for it. A report on a recording in another language
 * than English keeps its transcript in that language (with sentence timestamps) and the English
 * translation the analyses were made on.
 */

/** Uploads are read into memory by the Worker before they go to the provider. */
export const SENTIMENT_MAX_BYTES = 50 * 1024 * 1024;

const word = z.object({
  word: z.string(),
  punctuated_word: z.string().optional(),
  start: z.number(),
  end: z.number(),
  confidence: z.number().optional(),
});

const segment = z.object({
  text: z.string(),
  start_word: z.number(),
  end_word: z.number(),
});

const sentimentLabel = z.enum(["positive", "neutral", "negative"]);

/** A sentence of the original transcript and when it was spoken, in seconds from the start. */
const timedSentenceSchema = z.object({ start: z.number(), end: z.number(), text: z.string() });
export type TimedSentence = z.infer<typeof timedSentenceSchema>;

export const sentimentReportSchema = z.object({
  /** The language spoken in the recording; reports from before languages were English. */
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  /** The original transcript's sentences, when it was not English. */
  sentences: z.array(timedSentenceSchema).optional(),
  /** What the analyses read, when the recording was not in English. */
  translation: translationSchema.optional(),
  /**
   * The transcript turn by turn, with speakers and times: in English from Deepgram's diarized
   * utterances; in Yorùbá, Hausa or Igbo one speaker ("0") per sentence, since Spitch labels no
   * speakers. Absent from reports made before speakers were kept.
   */
  utterances: z.array(utteranceSchema).optional(),
  metadata: z.object({ request_id: z.string().optional(), duration: z.number().optional() }).optional(),
  results: z.object({
    channels: z
      .array(
        z.object({
          alternatives: z.array(
            z.object({ transcript: z.string(), confidence: z.number().optional(), words: z.array(word).optional() }),
          ),
        }),
      )
      .optional(),
    summary: z.object({ result: z.string().optional(), short: z.string().optional() }).optional(),
    sentiments: z
      .object({
        segments: z.array(segment.extend({ sentiment: sentimentLabel, sentiment_score: z.number() })).optional(),
        average: z.object({ sentiment: sentimentLabel, sentiment_score: z.number() }).optional(),
      })
      .optional(),
    topics: z
      .object({
        segments: z
          .array(segment.extend({ topics: z.array(z.object({ topic: z.string(), confidence_score: z.number() })) }))
          .optional(),
      })
      .optional(),
    intents: z
      .object({
        segments: z
          .array(segment.extend({ intents: z.array(z.object({ intent: z.string(), confidence_score: z.number() })) }))
          .optional(),
      })
      .optional(),
  }),
});

export type SentimentReport = z.infer<typeof sentimentReportSchema>;

/** A sentiment report made from a stored upload: a job, with the report once completed. */
export const sentimentJobSchema = jobSchema.extend({
  /** False for a small file analysed on the spot: only its report was kept. */
  recording_kept: z.boolean(),
  report: sentimentReportSchema.optional(),
  /** Names given to the report's speakers (`PATCH …/:id/speakers`); with the report only. */
  speaker_names: speakerNamesSchema.optional(),
});
export type SentimentJob = z.infer<typeof sentimentJobSchema>;

export const sentimentJobListSchema = z.object({
  items: z.array(sentimentJobSchema.omit({ report: true, speaker_names: true })),
});
export type SentimentJobList = z.infer<typeof sentimentJobListSchema>;

export const createdSentimentJobSchema = createdJobSchema;

/** The report as a document to send a client (`GET /api/sentiment/:id/report?format=`). */
const REPORT_DOCUMENT_FORMATS = ["docx", "pdf"] as const;
export type ReportDocumentFormat = (typeof REPORT_DOCUMENT_FORMATS)[number];
export const reportDocumentQuery = z.object({
  format: z.enum(REPORT_DOCUMENT_FORMATS, { error: "format is one of docx, pdf" }),
});
