import { vocabularyOfJob } from "./job-vocabulary.ts";
import { done, JobFailure, type JobStep, more } from "./pipeline.ts";
import { r2Source } from "./recording-parts.ts";
import { transcribePart, translateToEnglish } from "./spitch-transcript.ts";
import { setJobStatus } from "./store.ts";

/**
 * The steps a job in Yorùbá, Hausa or Igbo starts with, before its kind's own work on English text:
 * transcribe with Spitch (one run per part of a long recording, each kept by the engine, so a
 * restart repeats only the part that was cut off), then translate the transcript to English.
 */

export const transcribeInLanguage: JobStep = {
  name: "transcribe the recording",
  async run({ env, params, providers }, state) {
    if (state.nextByte === undefined) await setJobStatus(env.DB, params.id, { status: "processing" });
    const stored = await env.AUDIO.head(params.r2Key);
    if (!stored) throw new JobFailure("The uploaded recording is no longer available. Please upload it again.");
    const part = await transcribePart(
      providers("spitch"),
      r2Source(env.AUDIO, params.r2Key, stored.size),
      {
        type: params.contentType,
        language: params.language,
        specialWords: await vocabularyOfJob(env.DB, params.id),
        fromByte: state.nextByte ?? 0,
        fromSecond: state.nextSecond ?? 0,
      },
      { transcript: state.transcript ?? "", sentences: state.sentences ?? [] },
    );
    const found = { transcript: part.transcript, sentences: part.sentences };
    if (part.next) return more({ ...found, nextByte: part.next.byte, nextSecond: part.next.second });
    if (!part.transcript) throw new JobFailure("No speech was found in the recording.");
    return done(found);
  },
};

export const translateTranscript: JobStep = {
  name: "translate the transcript",
  async run({ params, providers }, { transcript = "" }) {
    const translation = (await translateToEnglish(providers("spitch"), transcript, params.language)).trim();
    if (!translation) throw new JobFailure("The transcript could not be translated to English. Please try again.");
    return done({ translation });
  },
};
