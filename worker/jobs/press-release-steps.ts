import { loadConfig } from "../config.ts";
import { PRESS_RELEASE_MAX_OUTPUT_TOKENS, PRESS_RELEASE_TEMPERATURE } from "../contracts/press-releases.ts";
import { oneSpeaker } from "../contracts/transcript.ts";
import {
  createTranscript,
  deleteTranscript,
  generateText,
  getTranscript,
  transcriptUtterances,
  uploadAudio,
} from "../providers/assemblyai.ts";
import { translate } from "../providers/spitch.ts";
import { signedMediaUrl } from "../uploads/media-url.ts";
import { organisationOfJob } from "./job-organisation.ts";
import { keepTranscript } from "./job-transcripts.ts";
import { vocabularyOfJob } from "./job-vocabulary.ts";
import { transcribeInLanguage, translateTranscript } from "./language-steps.ts";
import {
  again,
  done,
  JobFailure,
  JobGone,
  type JobParams,
  type JobPipeline,
  type JobStep,
  providerFailureMessage,
} from "./pipeline.ts";
import { pressReleaseMessages } from "./press-release-prompt.ts";
import { recordProviderRef, setJobStatus } from "./store.ts";

/** A whole press release, upload to generated text, must finish within this or it ends in `error`. */
export const PRESS_RELEASE_DEADLINE_MS = 30 * 60 * 1000;

const sendRecording: JobStep = {
  name: "send the recording",
  async run({ env, params, providers }) {
    await setJobStatus(env.DB, params.id, { status: "processing" });
    if (params.byUrl) {
      return done({ audioUrl: await signedMediaUrl(env.DB, params.origin, params.r2Key, params.contentType) });
    }
    const object = await env.AUDIO.get(params.r2Key);
    if (!object) throw new JobFailure("The uploaded recording is no longer available. Please upload it again.");
    return done({ audioUrl: await uploadAudio(providers("assemblyai"), object.body) });
  },
};

const startTranscript: JobStep = {
  name: "start the transcript",
  async run({ env, params, providers }, { audioUrl = "" }) {
    const transcript = await createTranscript(providers("assemblyai"), {
      audioUrl,
      speechModels: loadConfig(env).models.transcription,
      keyterms: await vocabularyOfJob(env.DB, params.id),
    });
    if (!(await recordProviderRef(env.DB, params.id, transcript.id))) {
      await deleteTranscript(providers("assemblyai"), transcript.id);
      throw new JobGone();
    }
    return done({ transcriptId: transcript.id });
  },
};

const waitForTranscript: JobStep = {
  name: "wait for the transcript",
  async run({ env, params, providers }, { transcriptId = "" }) {
    if (Date.now() - params.startedAt > PRESS_RELEASE_DEADLINE_MS) {
      throw new JobFailure("The press release took longer than 30 minutes and was stopped. Please try again.");
    }
    const transcript = await getTranscript(providers("assemblyai"), transcriptId);
    if (transcript.status === "error") {
      throw new JobFailure(`The recording could not be transcribed${transcript.error ? `: ${transcript.error}` : "."}`);
    }
    if (transcript.status !== "completed") return again;
    const text = transcript.text?.trim();
    if (!text) throw new JobFailure("No speech was found in the recording, so there is nothing to write up.");
    await keepTranscript(env, params.id, transcriptUtterances(transcript));
    return done({ transcript: text });
  },
};

/**
 * Writes the English release from the English transcript (a translation, for a recording in
 * another language) and the account's press kit. It is kept at once unless a copy in the recording's language was asked for.
 */
const writeRelease: JobStep = {
  name: "write the release",
  async run({ env, params, providers }, { transcript = "", translation, sentences }) {
    // Spitch labels no speakers: the transcript in the recording's language is one speaker's sentences.
    if (sentences) await keepTranscript(env, params.id, oneSpeaker(sentences));
    const text = await generateText(providers("assemblyai-llm"), {
      model: loadConfig(env).models.pressRelease,
      messages: pressReleaseMessages(
        translation ?? transcript,
        await organisationOfJob(env.DB, params.id),
        new Date(params.startedAt),
      ),
      maxTokens: PRESS_RELEASE_MAX_OUTPUT_TOKENS,
      temperature: PRESS_RELEASE_TEMPERATURE,
    });
    if (translatesRelease(params)) return done({ release: text });
    await setJobStatus(env.DB, params.id, { status: "completed", text });
    return done();
  },
};

const translateRelease: JobStep = {
  name: "translate the release",
  async run({ env, params, providers }, { release = "" }) {
    const translated = (
      await translate(providers("spitch"), { text: release, source: "en", target: params.language })
    ).trim();
    if (!translated) throw new JobFailure(`The release could not be translated. Please try again.`);
    await setJobStatus(env.DB, params.id, { status: "completed", text: release, translatedText: translated });
    return done();
  },
};

const translatesRelease = (params: JobParams) => params.alsoInLanguage && params.language !== "en";

/**
 * An English recording becomes a transcript (AssemblyAI); one in Yorùbá, Hausa or Igbo a transcript
 * and its English translation (Spitch, `language-steps.ts`). The English text becomes a press
 * release (AssemblyAI's LLM Gateway), translated back into the recording's language on request.
 */
export const pressReleasePipeline: JobPipeline = {
  steps: (params) =>
    params.language === "en"
      ? [sendRecording, startTranscript, waitForTranscript, writeRelease]
      : [
          transcribeInLanguage,
          translateTranscript,
          writeRelease,
          ...(translatesRelease(params) ? [translateRelease] : []),
        ],
  failureMessage: (error) =>
    providerFailureMessage(
      error,
      "transcription",
      (refusal) =>
        refusal.provider === "assemblyai-llm"
          ? "The press release could not be written from this recording. Please try again, or contact us if it keeps happening."
          : refusal.provider === "spitch" && refusal.status === 413
            ? "The recording is too large for the transcription service. Please send a shorter one."
            : `The transcription service refused the recording${refusal.detail ? `: ${refusal.detail}` : "."}`,
      "Something went wrong while writing the press release. Please try again.",
    ),
};
