import { createTranscript, generateText, getTranscript, uploadAudio } from "../worker/providers/assemblyai.ts";
import { liveMetadata, liveResults } from "../worker/providers/contracts/deepgram.ts";
import { analyseRecording } from "../worker/providers/deepgram.ts";
import { listVoices, streamSpeech } from "../worker/providers/elevenlabs.ts";
import type { Provider, ProviderEndpoint } from "../worker/providers/endpoint.ts";
import { initializeTransaction, verifyTransaction } from "../worker/providers/paystack.ts";
import { addToneMarks, streamSpitchSpeech, transcribe, translate } from "../worker/providers/spitch.ts";
import { TTS_MODEL_ID, TTS_OUTPUT_FORMAT, TTS_VOICE_SETTINGS } from "../worker/speech/contracts/tts-constants.ts";

/**
 * The smallest call to each provider through the product's own adapters, so a changed contract or
 * a bad key shows before a deploy rather than in a user's job. The same checks run against the
 * sandbox in the test suite and against the real providers with `npm run smoke`.
 */

interface SmokeResult {
  readonly provider: string;
  readonly call: string;
  readonly ok: boolean;
  readonly ms: number;
  readonly detail: string;
}

interface SmokeOptions {
  readonly endpoint: (provider: Provider) => ProviderEndpoint;
  readonly models: {
    readonly analysis: string;
    readonly pressRelease: string;
    readonly transcription: readonly string[];
  };
  /** How often to poll a transcript; the real service takes seconds, the sandbox answers at once. */
  readonly pollMs: number;
}

const SENTENCE = "Vox smoke check: one, two, three.";
const YORUBA_UNMARKED = "E kaaaro, a dupe lowo gbogbo yin fun didara po mo wa lonii.";

async function timed(provider: string, call: string, work: () => Promise<string>): Promise<SmokeResult> {
  const started = performance.now();
  const line = (text: string) => text.replace(/\s+/g, " ").slice(0, 160);
  try {
    const detail = await work();
    return { provider, call, ok: true, ms: Math.round(performance.now() - started), detail: line(detail) };
  } catch (error) {
    return {
      provider,
      call,
      ok: false,
      ms: Math.round(performance.now() - started),
      detail: line((error as Error).message),
    };
  }
}

/** One second of streaming: the audio in chunks, CloseStream, then the flushed Results and Metadata. */
function streamOnce(endpoint: ProviderEndpoint, model: string, audio: Uint8Array<ArrayBuffer>): Promise<string> {
  const url = new URL(`${endpoint.baseUrl.replace(/^http/, "ws")}/v1/listen`);
  for (const [key, value] of Object.entries({ model, language: "en", punctuate: "true", interim_results: "true" })) {
    url.searchParams.set(key, value);
  }
  return new Promise((resolve, reject) => {
    // Browsers and Node cannot set headers on a WebSocket; Deepgram takes the key as a subprotocol.
    const socket = new WebSocket(url, ["token", endpoint.apiKey]);
    const timer = setTimeout(() => reject(new Error("no Metadata within 20 s")), 20_000);
    let results = 0;
    socket.addEventListener("open", () => {
      for (let offset = 0; offset < audio.length; offset += 4000) socket.send(audio.subarray(offset, offset + 4000));
      socket.send(JSON.stringify({ type: "CloseStream" }));
    });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as { type?: string };
      try {
        if (message.type === "Results") {
          liveResults.parse(message);
          results++;
        }
        if (message.type === "Metadata") {
          const metadata = liveMetadata.parse(message);
          clearTimeout(timer);
          resolve(`${results} Results, ${metadata.duration.toFixed(2)} s`);
        }
      } catch (error) {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.addEventListener("error", () => reject(new Error("the stream could not be opened")));
    socket.addEventListener("close", (event) => {
      if (event.code !== 1000) reject(new Error(`closed ${event.code} ${event.reason}`));
    });
  });
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeResult[]> {
  const { endpoint, models } = options;
  const results: SmokeResult[] = [];
  let voiceId = "";
  let speech: Uint8Array<ArrayBuffer> = new Uint8Array();

  results.push(
    await timed("elevenlabs", "GET /v1/voices", async () => {
      const voices = await listVoices(endpoint("elevenlabs"));
      voiceId = voices[0]?.voice_id ?? "";
      if (!voiceId) throw new Error("no voices on this account");
      return `${voices.length} voices`;
    }),
  );
  results.push(
    await timed("elevenlabs", "POST /v1/text-to-speech/:voice/stream", async () => {
      const stream = await streamSpeech(endpoint("elevenlabs"), {
        voiceId,
        text: SENTENCE,
        modelId: TTS_MODEL_ID,
        outputFormat: TTS_OUTPUT_FORMAT,
        voiceSettings: TTS_VOICE_SETTINGS,
      });
      speech = new Uint8Array(await new Response(stream).arrayBuffer());
      return `${speech.length} bytes of MP3`;
    }),
  );
  // The spoken sentence is the audio for the speech-recognition checks (real speech, a few seconds).
  const audio = () => new Blob([speech], { type: "audio/mpeg" });
  results.push(
    await timed("deepgram", "POST /v1/listen (analysis)", async () => {
      const report = await analyseRecording(endpoint("deepgram"), { audio: audio(), model: models.analysis });
      const transcript = report.results.channels?.[0]?.alternatives[0]?.transcript ?? "";
      return `heard "${transcript.slice(0, 40)}"`;
    }),
  );
  results.push(
    await timed("deepgram", "WS /v1/listen (stream)", () => streamOnce(endpoint("deepgram"), models.analysis, speech)),
  );
  results.push(
    await timed("assemblyai", "upload + transcript + poll", async () => {
      const uploadUrl = await uploadAudio(endpoint("assemblyai"), audio());
      const created = await createTranscript(endpoint("assemblyai"), {
        audioUrl: uploadUrl,
        speechModels: models.transcription,
      });
      for (let poll = 0; poll < 120; poll++) {
        const transcript = await getTranscript(endpoint("assemblyai"), created.id);
        if (transcript.status === "completed") return `heard "${(transcript.text ?? "").slice(0, 40)}"`;
        if (transcript.status === "error") throw new Error(`transcript error: ${transcript.error}`);
        await new Promise((resolve) => setTimeout(resolve, options.pollMs));
      }
      throw new Error("the transcript did not complete in time");
    }),
  );
  results.push(
    await timed("assemblyai-llm", "POST /v1/chat/completions", async () => {
      const text = await generateText(endpoint("assemblyai-llm"), {
        model: models.pressRelease,
        messages: [{ role: "user", content: "Reply with the single word: ready" }],
        maxTokens: 16,
        temperature: 0,
      });
      return `answered "${text.slice(0, 40)}"`;
    }),
  );
  let yorubaSpeech: Uint8Array<ArrayBuffer> = new Uint8Array();
  let yoruba = "";
  results.push(
    await timed("spitch", "POST /v1/diacritics (yo)", async () => {
      yoruba = await addToneMarks(endpoint("spitch"), { language: "yo", text: YORUBA_UNMARKED });
      return `marked "${yoruba.slice(0, 40)}"`;
    }),
  );
  results.push(
    await timed("spitch", "POST /v1/speech (yo, sade, mp3)", async () => {
      const stream = await streamSpitchSpeech(endpoint("spitch"), { voice: "sade", text: yoruba, language: "yo" });
      yorubaSpeech = new Uint8Array(await new Response(stream).arrayBuffer());
      return `${yorubaSpeech.length} bytes of MP3`;
    }),
  );
  let heard = "";
  results.push(
    await timed("spitch", "POST /v1/transcriptions (yo)", async () => {
      const transcript = await transcribe(endpoint("spitch"), {
        audio: new Blob([yorubaSpeech], { type: "audio/mpeg" }),
        language: "yo",
        timestamp: "sentence",
      });
      heard = transcript.text;
      return `heard "${heard.slice(0, 40)}" in ${transcript.segments?.length ?? 0} segments`;
    }),
  );
  results.push(
    await timed("spitch", "POST /v1/translate (yo → en)", async () => {
      const english = await translate(endpoint("spitch"), { text: heard, source: "yo", target: "en" });
      return `answered "${english.slice(0, 40)}"`;
    }),
  );
  results.push(
    await timed("paystack", "initialize + verify", async () => {
      const reference = `vox-smoke-${crypto.randomUUID()}`;
      await initializeTransaction(endpoint("paystack"), {
        email: "smoke-check@vox.ng",
        amountKobo: 10_000,
        currency: "NGN",
        reference,
        callbackUrl: "https://vox.ng/pricing",
      });
      const transaction = await verifyTransaction(endpoint("paystack"), reference);
      if (transaction.reference !== reference) throw new Error("verify answered another reference");
      return `unpaid transaction is "${transaction.status}"`;
    }),
  );
  return results;
}

export function formatSmoke(results: readonly SmokeResult[]): string {
  const rows = results.map((result) => [
    result.ok ? "pass" : "FAIL",
    result.provider,
    result.call,
    `${result.ms} ms`,
    result.detail,
  ]);
  const widths = [4, 14, 36, 9].map((min, column) => Math.max(min, ...rows.map((row) => row[column]?.length ?? 0)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ")).join("\n");
}
