import { loadConfig } from "../config.ts";
import { PRESS_RELEASE_MAX_OUTPUT_TOKENS, PRESS_RELEASE_TEMPERATURE } from "../contracts/press-releases.ts";
import {
  createTranscript,
  deleteTranscript,
  generateText,
  getTranscript,
  uploadAudio,
} from "../providers/assemblyai.ts";
import { signedMediaUrl } from "../uploads/media-url.ts";
import { again, done, JobFailure, JobGone, type JobPipeline, providerFailureMessage } from "./pipeline.ts";
import { pressReleaseMessages } from "./press-release-prompt.ts";
import { recordProviderRef, setJobStatus } from "./store.ts";

/** A whole press release, upload to generated text, must finish within this or it ends in `error`. */
export const PRESS_RELEASE_DEADLINE_MS = 30 * 60 * 1000;

/** A recording becomes a transcript (AssemblyAI), and the transcript a press release (its LLM Gateway). */
export const pressReleasePipeline: JobPipeline = {
  steps: [
    {
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
    },
    {
      name: "start the transcript",
      async run({ env, params, providers }, { audioUrl = "" }) {
        const transcript = await createTranscript(providers("assemblyai"), {
          audioUrl,
          speechModels: loadConfig(env).models.transcription,
        });
        if (!(await recordProviderRef(env.DB, params.id, transcript.id))) {
          await deleteTranscript(providers("assemblyai"), transcript.id);
          throw new JobGone();
        }
        return done({ transcriptId: transcript.id });
      },
    },
    {
      name: "wait for the transcript",
      async run({ params, providers }, { transcriptId = "" }) {
        if (Date.now() - params.startedAt > PRESS_RELEASE_DEADLINE_MS) {
          throw new JobFailure("The press release took longer than 30 minutes and was stopped. Please try again.");
        }
        const transcript = await getTranscript(providers("assemblyai"), transcriptId);
        if (transcript.status === "error") {
          throw new JobFailure(
            `The recording could not be transcribed${transcript.error ? `: ${transcript.error}` : "."}`,
          );
        }
        if (transcript.status !== "completed") return again;
        const text = transcript.text?.trim();
        if (!text) throw new JobFailure("No speech was found in the recording, so there is nothing to write up.");
        return done({ transcript: text });
      },
    },
    {
      name: "write the release",
      async run({ env, params, providers }, { transcript = "" }) {
        const text = await generateText(providers("assemblyai-llm"), {
          model: loadConfig(env).models.pressRelease,
          messages: pressReleaseMessages(transcript, new Date(params.startedAt)),
          maxTokens: PRESS_RELEASE_MAX_OUTPUT_TOKENS,
          temperature: PRESS_RELEASE_TEMPERATURE,
        });
        await setJobStatus(env.DB, params.id, { status: "completed", text });
        return done();
      },
    },
  ],
  failureMessage: (error) =>
    providerFailureMessage(
      error,
      "transcription",
      (refusal) =>
        refusal.provider === "assemblyai-llm"
          ? "The press release could not be written from this recording. Please try again, or contact us if it keeps happening."
          : `The transcription service refused the recording${refusal.detail ? `: ${refusal.detail}` : "."}`,
      "Something went wrong while writing the press release. Please try again.",
    ),
};
