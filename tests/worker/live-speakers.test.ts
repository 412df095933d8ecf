import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { transcriptDetailSchema } from "../../worker/live/contracts/live.ts";
import { liveResults, streamingQuery } from "../../worker/providers/contracts/deepgram.ts";
import { finalsBySpeaker, liveQuery } from "../../worker/providers/deepgram-live.ts";
import { call, registerAndSignIn } from "./helpers.ts";
import { finals, frame, linkFor, open, readyOf, resume, until, watch } from "./live-sockets.ts";

vi.setConfig({ testTimeout: 30_000 });

const KEY = "sandbox-deepgram-key";
const results = z.object({ type: z.string() }).passthrough();

/** A stream straight to the Deepgram streaming emulator, as the adapter opens one. */
async function stream(query: string) {
  return call(`/__sandbox/deepgram/v1/listen?${query}`, {
    headers: { upgrade: "websocket", authorization: `Token ${KEY}` },
  });
}

/** The final `Results` of 24 frames (two sentences) on a stream opened with `query`. */
async function finalResults(query: string) {
  const response = await stream(query);
  expect(response.status).toBe(101);
  const socket = response.webSocket as WebSocket;
  socket.accept();
  const received: z.infer<typeof liveResults>[] = [];
  socket.addEventListener("message", (event) => {
    const message = results.parse(JSON.parse(event.data as string));
    if (message.type === "Results") received.push(liveResults.parse(message));
  });
  for (let i = 0; i < 24; i++) socket.send(frame());
  const deadline = Date.now() + 15_000;
  while (received.filter((each) => each.is_final).length < 2) {
    if (Date.now() > deadline) throw new Error("the emulator sent fewer than two finals");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  socket.close(1000);
  return received.filter((each) => each.is_final);
}

const wordSpeakers = (result: z.infer<typeof liveResults>) =>
  result.channel.alternatives[0]?.words.map((word) => word.speaker);

describe("Deepgram streaming diarization", () => {
  it("the live adapter asks for diarize_model=latest, in a query the streaming description takes", () => {
    const query = liveQuery({ model: "nova-3", language: "en", encoding: "webm-opus", keyterms: [] });
    expect(query.get("diarize_model")).toBe("latest");
    expect(query.has("diarize")).toBe(false);
    expect(streamingQuery.safeParse(Object.fromEntries(query)).success).toBe(true);
  });

  it("the emulator refuses a diarize or diarize_model the streaming description does not allow, before the upgrade", async () => {
    for (const query of ["diarize_model=v2", "diarize_model=v3", "diarize_model=", "diarize=yes", "diarize=1"]) {
      const refused = await stream(`model=nova-3&${query}`);
      expect(refused.status, query).toBe(400);
      expect(await refused.json(), query).toMatchObject({ err_code: "Bad Request" });
    }
    for (const query of ["diarize_model=latest", "diarize_model=v1", "diarize=true", "diarize=false"]) {
      const opened = await stream(`model=nova-3&${query}`);
      expect(opened.status, query).toBe(101);
      opened.webSocket?.accept();
      opened.webSocket?.close(1000);
    }
  });

  it("the emulator puts a speaker number from 0 on every word when diarization is asked for, and none otherwise", async () => {
    for (const flag of ["diarize_model=latest", "diarize_model=v1", "diarize=true"]) {
      const [first, second] = await finalResults(`model=nova-3&${flag}`);
      expect(new Set(first && wordSpeakers(first)), flag).toEqual(new Set([0]));
      expect(new Set(second && wordSpeakers(second)), flag).toEqual(new Set([1]));
    }
    for (const query of ["model=nova-3", "model=nova-3&diarize=false"]) {
      for (const result of await finalResults(query)) {
        expect(
          wordSpeakers(result)?.every((speaker) => speaker === undefined),
          query,
        ).toBe(true);
      }
    }
  });

  it("a final whose words change speaker becomes one final per speaker, labelled from 1", () => {
    const word = (text: string, start: number, speaker: number) => ({
      word: text.toLowerCase().replace(/\W/g, ""),
      punctuated_word: text,
      start,
      end: start + 0.4,
      confidence: 0.9,
      speaker,
    });
    const words = [word("Thank", 3, 0), word("you.", 3.5, 0), word("Next", 4, 1), word("question?", 4.5, 1)];
    expect(finalsBySpeaker("Thank you. Next question?", words, { start: 3, duration: 2 })).toEqual([
      { text: "Thank you.", start: 3, duration: 0.9, speaker: "1" },
      { text: "Next question?", start: 4, duration: 0.9, speaker: "2" },
    ]);
    // One speaker keeps the provider's whole transcript and the result's own span.
    expect(finalsBySpeaker("Thank you.", words.slice(0, 2), { start: 3, duration: 2 })).toEqual([
      { text: "Thank you.", start: 3, duration: 2, speaker: "1" },
    ]);
    // Words without a speaker (a provider that did not diarize) are the first speaker's.
    expect(finalsBySpeaker("Hello", [], { start: 0, duration: 1 })).toEqual([
      { text: "Hello", start: 0, duration: 1, speaker: "1" },
    ]);
  });
});

describe("an English live session with two speakers", () => {
  it("carries each final's speaker to the page, its viewers, a resumed page's replay, D1, the kept transcript, its exports and the data download", async () => {
    const { token, api } = await registerAndSignIn();
    const session = await open(token);
    await session.received(1);
    const viewer = await watch(await linkFor(token, session.id));
    for (let i = 0; i < 24; i++) session.socket.send(frame());
    await until(session, (messages) => finals(messages).length === 2);
    const spoken = finals(session.messages).map(({ seq, text, speaker }) => ({ seq, text, speaker }));
    expect(spoken.map(({ seq, speaker }) => ({ seq, speaker }))).toEqual([
      { seq: 1, speaker: "1" },
      { seq: 2, speaker: "2" },
    ]);
    await until(viewer, (messages) => finals(messages).length === 2);
    expect(finals(viewer.messages).map(({ seq, text, speaker }) => ({ seq, text, speaker }))).toEqual(spoken);

    // The page drops and comes back having seen only the first final: the second is replayed with its speaker.
    session.socket.close(4000, "network lost");
    await session.closed;
    const again = await resume(token, readyOf(session.messages).resume_token, 1);
    expect(again.status).toBe(101);
    await until(again, (messages) => finals(messages).length === 1);
    expect(finals(again.messages).map(({ seq, text, speaker }) => ({ seq, text, speaker }))).toEqual(spoken.slice(1));
    for (let i = 0; i < 12; i++) again.socket.send(frame());
    await until(again, (messages) => finals(messages).length === 2);
    again.socket.send(JSON.stringify({ type: "stop" }));
    expect((await again.closed).code).toBe(1000);
    const all = [
      ...spoken,
      ...finals(again.messages)
        .slice(1)
        .map(({ seq, text, speaker }) => ({ seq, text, speaker })),
    ];
    expect(all.map((final) => final.speaker)).toEqual(["1", "2", "1"]);

    const { results: rows } = await env.DB.prepare(
      "SELECT seq, speaker FROM live_segments WHERE session_id = ? ORDER BY seq",
    )
      .bind(session.id)
      .all();
    expect(rows).toEqual([
      { seq: 1, speaker: "1" },
      { seq: 2, speaker: "2" },
      { seq: 3, speaker: "1" },
    ]);

    const path = `/api/live/transcripts/${session.id}`;
    const auth = { authorization: `Bearer ${token}` };
    const detail = transcriptDetailSchema.parse(await (await call(path, { headers: auth })).json());
    expect(detail.utterances?.map(({ speaker, text }) => ({ speaker, text }))).toEqual(
      all.map(({ speaker, text }) => ({ speaker, text })),
    );

    // Named once, as any transcript's speakers are; the exports carry the names.
    const renamed = await call(`${path}/speakers`, {
      method: "PATCH",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ speakers: { "2": "Journalist" } }),
    });
    expect(await renamed.json()).toEqual({ speaker_names: { "2": "Journalist" } });
    const srt = await (await call(`${path}/export?format=srt`, { headers: auth })).text();
    expect(srt).toContain(`Speaker 1: ${all[0]?.text.split(" ")[0]}`);
    expect(srt).toContain(`Journalist: ${all[1]?.text.split(" ")[0]}`);
    const vtt = await (await call(`${path}/export?format=vtt`, { headers: auth })).text();
    expect(vtt).toContain("<v Journalist>");
    const docx = await (await call(`${path}/export?format=docx`, { headers: auth })).arrayBuffer();
    const document = strFromU8(unzipSync(new Uint8Array(docx))["word/document.xml"] ?? new Uint8Array());
    const docxText = [...document.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((match) => match[1]).join(" ");
    expect(docxText).toContain("Speaker 1");
    expect(docxText).toContain("Journalist");

    const download = (await (await api.get("/api/account/export")).json()) as {
      live_transcripts: { id: string; speaker_names: unknown; segments: { seq: number; speaker: string }[] }[];
    };
    const kept = download.live_transcripts.find((each) => each.id === session.id);
    expect(kept?.segments.map(({ seq, speaker }) => ({ seq, speaker }))).toEqual([
      { seq: 1, speaker: "1" },
      { seq: 2, speaker: "2" },
      { seq: 3, speaker: "1" },
    ]);
    expect(kept?.speaker_names).toEqual({ "2": "Journalist" });
  });
});

describe("speakers' names on a caption link", () => {
  const rename = (token: string, id: string, speakers: Record<string, string | null>) =>
    call(`/api/live/transcripts/${id}/speakers`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ speakers }),
    });
  const namesOf = (messages: { type: string }[]) =>
    messages.flatMap((message) => ("names" in message && message.type === "speakers" ? [message.names] : []));

  it("reach the readers of a running session when the speaker names a voice, a reader who joins later before any final, and the kept link once it is over", async () => {
    const { token } = await registerAndSignIn();
    const session = await open(token);
    await session.received(1);
    const link = await linkFor(token, session.id);
    const early = await watch(link);
    for (let i = 0; i < 24; i++) session.socket.send(frame());
    await until(session, (messages) => finals(messages).length === 2);
    expect(namesOf(early.messages)).toEqual([]);

    expect((await rename(token, session.id, { "2": "Journalist" })).status).toBe(200);
    await until(early, (messages) => namesOf(messages).length === 1);
    expect(namesOf(early.messages)).toEqual([{ "2": "Journalist" }]);

    const late = await watch(link);
    await until(late, (messages) => finals(messages).length === 2);
    expect(late.messages[0]).toEqual({ type: "speakers", names: { "2": "Journalist" } });

    session.socket.send(JSON.stringify({ type: "stop" }));
    expect((await session.closed).code).toBe(1000);
    // Named again after the session, as a kept transcript's speakers are: the link reads the names from D1.
    expect((await rename(token, session.id, { "1": "Ada Obi" })).status).toBe(200);
    const kept = await watch(link);
    await kept.closed;
    expect(kept.messages[0]).toEqual({ type: "speakers", names: { "1": "Ada Obi", "2": "Journalist" } });
    expect(finals(kept.messages)).toHaveLength(2);
  });
});
