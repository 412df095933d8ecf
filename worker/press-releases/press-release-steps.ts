import { loadConfig } from "../core/config.ts";
import { organisationOfJob } from "../jobs/job-organisation.ts";
import { keepTranscript } from "../jobs/job-transcripts.ts";
import { vocabularyOfJob } from "../jobs/job-vocabulary.ts";
import { transcribeInLanguage, translateTranscript } from "../jobs/language-steps.ts";
import {
  again,
  done,
  JobFailure,
  JobGone,
  type JobParams,
  type JobPipeline,
  type JobStep,
  providerFailureMessage,
} from "../jobs/pipeline.ts";
import { findJob, recordProviderRef, setJobStatus } from "../jobs/store.ts";
import { purgeEditedRelease } from "../newsroom/publish.ts";
import {
  createTranscript,
  deleteTranscript,
  generateText,
  getTranscript,
  transcriptUtterances,
  uploadAudio,
} from "../providers/assemblyai.ts";
import { translate } from "../providers/spitch.ts";
import { signedMediaUrl } from "../recordings/uploads/media-url.ts";
import { type Stage, stagesFor } from "../routing.ts";
import { oneSpeaker } from "../transcripts/contracts/transcript.ts";
import { PRESS_RELEASE_MAX_OUTPUT_TOKENS, PRESS_RELEASE_TEMPERATURE } from "./contracts/press-releases.ts";
import { pressReleaseMessages } from "./press-release-prompt.ts";
import { keepReleaseSource, keptSource, setRegenerationStatus, TRANSCRIPT_NOT_KEPT } from "./regenerations.ts";
import { readWrittenRelease } from "./release-headlines.ts";
import { saveReleaseText } from "./release-versions.ts";

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
 * another language) and the account's press kit, with its alternative headlines. A first release
 * keeps the text it was written from and is kept at once unless a copy in the recording's language
 * was asked for; one written again with options becomes the release's newest version.
 */
const writeRelease: JobStep = {
  name: "write the release",
  async run({ env, params, providers }, { transcript = "", translation, sentences }) {
    // Spitch labels no speakers: the transcript in the recording's language is one speaker's sentences.
    if (sentences) await keepTranscript(env, params.id, oneSpeaker(sentences));
    const source = translation ?? transcript;
    const options = params.regeneration;
    const answer = await generateText(providers("assemblyai-llm"), {
      model: loadConfig(env).models.pressRelease,
      messages: pressReleaseMessages(
        source,
        await organisationOfJob(env.DB, params.id),
        new Date(params.startedAt),
        options,
      ),
      maxTokens: PRESS_RELEASE_MAX_OUTPUT_TOKENS,
      temperature: PRESS_RELEASE_TEMPERATURE,
    });
    const { text, headlines } = readWrittenRelease(answer, options);
    if (!options) await keepReleaseSource(env.DB, params.id, source, headlines);
    // Kept with its translation, so the copy in the recording's language is never another text's.
    if (translatesRelease(params)) return done({ release: text, headlines });
    if (options) {
      await saveRegeneration(env.DB, params.id, options.id, text, headlines, null);
      return done();
    }
    await setJobStatus(env.DB, params.id, { status: "completed", text });
    return done();
  },
};

/**
 * A release written again starts from the text it was first written from; one written before that
 * was kept, in English, from the transcript the provider still holds (read, not made again).
 */
const readKeptTranscript: JobStep = {
  name: "read the kept transcript",
  async run({ env, params, providers }) {
    if (params.regeneration) await setRegenerationStatus(env.DB, params.regeneration.id, { status: "processing" });
    const kept = await keptSource(env.DB, params.id);
    if (kept) return done({ transcript: kept });
    // Only AssemblyAI keeps a transcript to read again by the job's provider reference.
    const transcribedBy = stagesFor("pressRelease", params.language)[0].provider;
    const ref = transcribedBy === "assemblyai" ? (await findJob(env.DB, params.id))?.provider_ref : null;
    if (!ref) throw new JobFailure(TRANSCRIPT_NOT_KEPT);
    const text = (await getTranscript(providers("assemblyai"), ref)).text?.trim();
    if (!text) throw new JobFailure(TRANSCRIPT_NOT_KEPT);
    return done({ transcript: text });
  },
};

/** A release written again becomes its newest version, with the headlines and translation written with it. */
async function saveRegeneration(
  db: D1Database,
  id: string,
  regenerationId: string,
  text: string,
  headlines: readonly string[],
  translated: string | null,
): Promise<void> {
  const release = await findJob(db, id);
  if (!release) throw new JobGone();
  await saveReleaseText(db, release, text, new Date().toISOString(), {
    headlines,
    translatedText: translated ?? release.translated_text,
  });
  // A Workflow has no request, so the edge cache is the data centre's own.
  await purgeEditedRelease(db, caches.default, release.id, release.user_id);
  await setRegenerationStatus(db, regenerationId, { status: "completed" });
}

const translateRelease: JobStep = {
  name: "translate the release",
  async run({ env, params, providers }, { release = "", headlines = [] }) {
    const translated = (
      await translate(providers("spitch"), { text: release, source: "en", target: params.language })
    ).trim();
    if (!translated) throw new JobFailure(`The release could not be translated. Please try again.`);
    if (params.regeneration) {
      await saveRegeneration(env.DB, params.id, params.regeneration.id, release, headlines, translated);
    } else {
      await setJobStatus(env.DB, params.id, { status: "completed", text: release, translatedText: translated });
    }
    return done();
  },
};

/** A release asked for in the recording's language too (first written, or written again). */
const translatesRelease = (params: JobParams) => params.alsoInLanguage && params.language !== "en";

/** The steps that send one stage of the routing table's chain. */
function pressReleaseSteps(stage: Stage): readonly JobStep[] {
  if (stage.provider === "assemblyai" && stage.task === "transcribe") {
    return [sendRecording, startTranscript, waitForTranscript];
  }
  if (stage.provider === "spitch" && stage.task === "transcribe") return [transcribeInLanguage];
  if (stage.provider === "spitch" && stage.task === "translate") return [translateTranscript];
  if (stage.provider === "assemblyai-llm" && stage.task === "write") return [writeRelease];
  throw new Error(`a press release cannot ${stage.task} with ${stage.provider}`);
}

/**
 * An English recording becomes a transcript (AssemblyAI); one in Yorùbá, Hausa or Igbo a transcript
 * and its English translation (Spitch, `language-steps.ts`). The English text becomes a press
 * release (AssemblyAI's LLM Gateway), translated back into the recording's language on request.
 * Written again with options, it starts from the kept text, and a release that had a copy in the
 * recording's language gets a new one with it.
 */
export const pressReleasePipeline: JobPipeline = {
  steps: (params) => [
    ...(params.regeneration
      ? [readKeptTranscript, writeRelease]
      : stagesFor("pressRelease", params.language).flatMap(pressReleaseSteps)),
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
