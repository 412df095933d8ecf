import { describe, expect, it } from "vitest";
import type { LanguageTool } from "../../worker/contracts/language-support.ts";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../worker/contracts/languages.ts";
import { liveTicketSchema } from "../../worker/live/contracts/live.ts";
import { SPEECH_LANGUAGES, TRANSCRIPTION_LANGUAGES } from "../../worker/providers/contracts/spitch.ts";
import type { Stage } from "../../worker/routing.ts";
import { ROUTES, speechProvider } from "../../worker/routing.ts";
import { takeProviderCalls } from "../../worker/sandbox/provider-calls.ts";
import { speechPcm, speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, tusUpload, untilNoJobRuns } from "./helpers.ts";
import { jobsWithoutPauses, settled } from "./jobs.ts";
import { attach, transcripts, until, upgrade } from "./live-sockets.ts";

/** The routing table only sends a language to a provider that documents it. */
describe("the language routing table", () => {
  it("names every language as its speakers write it", () => {
    expect(LANGUAGES.map((language) => LANGUAGE_NAMES[language])).toEqual([
      "English (Nigeria)",
      "Yorùbá",
      "Hausa",
      "Igbo",
      "Naijá (Pidgin)",
    ]);
  });

  it("speaks English through ElevenLabs as before and the other four through Spitch", () => {
    expect(LANGUAGES.map(speechProvider)).toEqual(["elevenlabs", "spitch", "spitch", "spitch", "spitch"]);
    for (const language of LANGUAGES) expect(SPEECH_LANGUAGES).toContain(language);
  });

  it("never sends a recording to Spitch transcription in a language it does not list; refusals say why", () => {
    for (const [tool, row] of Object.entries(ROUTES)) {
      for (const [language, route] of Object.entries(row)) {
        if (!route.served) {
          expect(route.message, `${tool} ${language}`).toMatch(/English \(Nigeria\)/);
          continue;
        }
        const transcribes = route.stages.some((stage) => stage.provider === "spitch" && /transcribe/.test(stage.does));
        if (transcribes) expect(TRANSCRIPTION_LANGUAGES, `${tool} ${language}`).toContain(language);
      }
    }
    expect(ROUTES.sentiment.pcm.served).toBe(false);
    expect(ROUTES.live.pcm.served).toBe(false);
  });
});

const authed = (token: string) => ({ authorization: `Bearer ${token}` });

/** A multipart request with form fields, as the site sends it. */
function postForm(path: string, token: string, files: Record<string, Blob>, fields: Record<string, string>) {
  const form = new FormData();
  for (const [field, file] of Object.entries(files)) form.set(field, file, "briefing.wav");
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  return call(path, { method: "POST", headers: authed(token), body: form });
}

const wav = (seconds: number) => new Blob([speechWav(seconds)], { type: "audio/wav" });

/** The providers the Worker called (mail aside), each once, in the order it first called them. */
function providersCalled(): string[] {
  const providers = takeProviderCalls().map((line) => line.split(" ")[1] ?? "");
  return [...new Set(providers.filter((provider) => provider !== "mail"))];
}

const providersOf = (stages: readonly Stage[]) => [...new Set(stages.map((stage) => stage.provider))];

/** Sends one request of `tool` in `language` through the Worker and waits until it is finished. */
async function send(tool: LanguageTool, language: Language, token: string): Promise<void> {
  if (tool === "tts") {
    const listed = (await (await call(`/api/tts/voices?language=${language}`)).json()) as {
      voices: { voice_id: string }[];
    };
    const response = await call("/api/tts", {
      method: "POST",
      headers: { ...authed(token), "content-type": "application/json" },
      body: JSON.stringify({ text: "Good morning, Lagos.", voice_id: listed.voices[0]?.voice_id, language }),
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  } else if (tool === "sentiment") {
    const onTheSpot = await postForm("/api/sentiment", token, { file: wav(6) }, { language });
    expect(onTheSpot.status, await onTheSpot.clone().text()).toBe(200);
    const upload = await tusUpload(token, speechWav(6));
    const started = await call("/api/sentiment", {
      method: "POST",
      headers: { ...authed(token), "content-type": "application/json" },
      body: JSON.stringify({ upload_id: upload, language }),
    });
    expect(started.status, await started.clone().text()).toBe(202);
    const { id } = (await started.json()) as { id: string };
    expect(await settled(`/api/sentiment/${id}`, token)).toMatchObject({ status: "completed" });
  } else if (tool === "pressRelease") {
    const started = await postForm("/api/press-releases", token, { file: wav(8) }, { language });
    expect(started.status, await started.clone().text()).toBe(202);
    const { id } = (await started.json()) as { id: string };
    expect(await settled(`/api/press-releases/${id}`, token)).toMatchObject({ status: "completed" });
  } else if (tool === "live") {
    const answer = await call("/api/live/ticket", {
      method: "POST",
      headers: { ...authed(token), "content-type": "application/json" },
      // Raw PCM speech, which every live provider in the table takes (250 ms at 16 kHz).
      body: JSON.stringify({ language, encoding: "pcm_s16le" }),
    });
    expect(answer.status).toBe(201);
    const { ticket } = liveTicketSchema.parse(await answer.json());
    const session = attach(await upgrade(new URLSearchParams({ ticket }).toString()));
    expect(session.status).toBe(101);
    session.socket.send(speechPcm(0.25).buffer);
    // A pause after it, after which near-live Igbo has a phrase to transcribe.
    for (let i = 0; i < 4; i++) session.socket.send(new Uint8Array(8000).buffer);
    await until(session, (messages) => transcripts(messages).length > 0);
    session.socket.send(JSON.stringify({ type: "stop" }));
    await session.closed;
  } else {
    const response = await postForm(
      "/api/voice-conversion",
      token,
      { audio: new Blob([new Uint8Array(4096).fill(7)], { type: "audio/webm" }) },
      { voice_id: "sbxTundeNews002", language },
    );
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }
}

const SERVED = Object.entries(ROUTES).flatMap(([tool, row]) =>
  Object.entries(row).flatMap(([language, route]) =>
    route.served ? [{ tool: tool as LanguageTool, language: language as Language, stages: route.stages }] : [],
  ),
);

/** What the code sends, read at the emulators: a table change is a change in what is sent. */
describe("what the Worker sends follows the routing table", { timeout: 120_000 }, () => {
  it.for(SERVED)(
    "$tool in $language calls the providers of its chain, in order",
    async ({ tool, language, stages }) => {
      const { token } = await registerAndSignIn();
      await using _fast = await jobsWithoutPauses();
      await untilNoJobRuns();
      takeProviderCalls();
      await send(tool, language, token);
      expect(providersCalled()).toEqual(providersOf(stages));
    },
  );
});
