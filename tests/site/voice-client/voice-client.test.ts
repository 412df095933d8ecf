import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MAX_APP_MESSAGE_CHARS,
  VoiceClient,
  type VoiceClientError,
} from "../../../site/src/voice-client/voice-client.ts";
import { assistantSpeaker, FakeCall, webCallFetch } from "./fake-call.ts";

class FakeMediaStream {
  constructor(readonly tracks: unknown[]) {}
}

function setup(fetchMock = webCallFetch()) {
  const call = new FakeCall();
  const createCallObject = vi.fn(async () => call);
  const client = new VoiceClient("pk-public", { apiBaseUrl: "https://vapi.test/", fetch: fetchMock, createCallObject });
  return { client, call, createCallObject, fetchMock };
}

beforeEach(() => {
  vi.stubGlobal("MediaStream", FakeMediaStream);
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("VoiceClient.start", () => {
  it("creates a web call with the bearer public key, then joins audio-only with manual subscription", async () => {
    const { client, call, fetchMock } = setup();
    const webCall = await client.start("assistant-1", { firstMessage: "Hi" });
    expect(webCall).toMatchObject({ webCallUrl: "https://x.daily.co/room" });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://vapi.test/call/web");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ authorization: "Bearer pk-public" });
    expect(JSON.parse(String(init.body))).toEqual({
      assistantId: "assistant-1",
      assistantOverrides: { firstMessage: "Hi" },
    });
    expect(call.joinedWith).toEqual({ url: "https://x.daily.co/room", subscribeToTracksAutomatically: false });
    expect(call.frame.style.display).toBe("none");
    expect(call.observerInterval).toBe(100);
    expect(call.inputSettings).toEqual({ audio: { processor: { type: "noise-cancellation" } } });
    expect(client.state).toBe("joined");
  });

  it("sends an inline assistant configuration as `assistant`", async () => {
    const { client, fetchMock } = setup();
    await client.start({ model: { provider: "openai" } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ assistant: { model: { provider: "openai" } } });
  });

  it("does nothing while a call is started", async () => {
    const { client, createCallObject, fetchMock } = setup();
    const first = client.start("assistant-1");
    expect(await client.start("assistant-1")).toBeNull();
    expect(await first).not.toBeNull();
    expect(await client.start("assistant-1")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(createCallObject).toHaveBeenCalledTimes(1);
  });

  it("on a refused web call emits error, creates no call object and resolves null", async () => {
    const { client, createCallObject } = setup(
      webCallFetch({ status: 401, body: { message: "Invalid Key.", error: "Unauthorized", statusCode: 401 } }),
    );
    const errors: VoiceClientError[] = [];
    client.on("error", (error) => errors.push(error));
    expect(await client.start("assistant-1")).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.phase).toBe("create-web-call");
    expect(errors[0]?.message).toContain("Invalid Key.");
    expect(createCallObject).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalled();
    expect(client.state).toBe("error");
  });

  it("on a failed join emits error, destroys the call object and can start again", async () => {
    const { client, call, createCallObject } = setup();
    call.joinError = new Error("Failed to load call object bundle.");
    const errors: VoiceClientError[] = [];
    client.on("error", (error) => errors.push(error));
    expect(await client.start("assistant-1")).toBeNull();
    expect(errors.map((error) => error.phase)).toEqual(["join"]);
    expect(call.destroy).toHaveBeenCalledTimes(1);
    call.joinError = null;
    expect(await client.start("assistant-1")).not.toBeNull();
    expect(createCallObject).toHaveBeenCalledTimes(2);
  });

  it("a stop during start cancels it: the late call object is destroyed and null is answered", async () => {
    let release: (value: Response) => void = () => undefined;
    const slowFetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    const { client, createCallObject } = setup(slowFetch as unknown as ReturnType<typeof webCallFetch>);
    const pending = client.start("assistant-1");
    client.stop();
    release(Response.json({ webCallUrl: "https://x.daily.co/room" }, { status: 201 }));
    expect(await pending).toBeNull();
    expect(createCallObject).not.toHaveBeenCalled();
  });
});

describe("VoiceClient during a call", () => {
  it("subscribes to remote audio only, never to the local participant", async () => {
    const { client, call } = setup();
    await client.start("assistant-1");
    call.fire("participant-joined", { participant: { local: true, session_id: "me" } });
    call.fire("participant-joined", { participant: assistantSpeaker });
    expect(call.subscriptions).toEqual([
      { sessionId: "remote-1", tracks: { audio: true, video: false, screenVideo: false, screenAudio: false } },
    ]);
  });

  it("plays the assistant speaker's audio and sends `playable` once its track starts", async () => {
    const { client, call } = setup();
    await client.start("assistant-1");
    const track = { kind: "audio" } as MediaStreamTrack;
    call.fire("track-started", { participant: { local: false, session_id: "other", user_name: "Guest" }, track });
    call.fire("track-started", { participant: { local: true, session_id: "me", user_name: "Vapi Speaker" }, track });
    expect(call.sent).toEqual([]);
    call.fire("track-started", { participant: assistantSpeaker, track });
    expect(call.sent).toEqual([{ data: "playable", to: undefined }]);
    const player = document.querySelector<HTMLAudioElement>('audio[data-participant-id="remote-1"]');
    expect(player?.srcObject).toBeInstanceOf(FakeMediaStream);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    client.stop();
    expect(document.querySelector("audio")).toBeNull();
  });

  it("emits call-start on `listening` and call-end when the meeting is left", async () => {
    const { client, call } = setup();
    const events: string[] = [];
    client.on("call-start", () => events.push("call-start")).on("call-end", () => events.push("call-end"));
    await client.start("assistant-1");
    call.fire("app-message", { data: "listening" });
    call.fire("left-meeting");
    expect(events).toEqual(["call-start", "call-end"]);
    expect(call.destroyed).toBe(true);
    expect(client.state).toBe("left");
  });

  it("parses JSON app messages and only logs the unparseable ones", async () => {
    const { client, call } = setup();
    const messages: unknown[] = [];
    client.on("message", (message) => messages.push(message));
    await client.start("assistant-1");
    call.fire("app-message", { data: JSON.stringify({ type: "transcript", transcript: "Hello" }) });
    call.fire("app-message", { data: "{not json" });
    expect(messages).toEqual([{ type: "transcript", transcript: "Hello" }]);
    expect(console.log).toHaveBeenCalledWith(expect.stringContaining("not JSON"), expect.any(SyntaxError));
  });

  it("reports the summed remote level divided by 0.15 as volume, capped at 1", async () => {
    const { client, call } = setup();
    const levels: number[] = [];
    client.on("volume-level", (level) => levels.push(level));
    await client.start("assistant-1");
    call.levels({ a: 0.03 });
    call.levels({ a: 0.03, b: 0.045 });
    call.levels({ a: 0.2, b: 0.1 });
    call.levels({});
    expect(levels[0]).toBeCloseTo(0.2);
    expect(levels[1]).toBeCloseTo(0.5);
    expect(levels.slice(2)).toEqual([1, 0]);
  });

  it("starts speech above 0.01 summed and ends it 1000 ms after the last such level", async () => {
    vi.useFakeTimers();
    const { client, call } = setup();
    const events: string[] = [];
    client.on("speech-start", () => events.push("start")).on("speech-end", () => events.push("end"));
    await client.start("assistant-1");
    call.levels({ a: 0.005, b: 0.005 });
    expect(events).toEqual([]);
    call.levels({ a: 0.006, b: 0.006 });
    expect(events).toEqual(["start"]);
    vi.advanceTimersByTime(900);
    call.levels({ a: 0.02 });
    vi.advanceTimersByTime(999);
    call.levels({ a: 0.001 });
    expect(events).toEqual(["start"]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(["start", "end"]);
    call.levels({ a: 0.5 });
    expect(events).toEqual(["start", "end", "start"]);
  });

  it("mutes and unmutes the local audio", async () => {
    const { client, call } = setup();
    expect(() => client.setMuted(true)).toThrow(/No call in progress/);
    await client.start("assistant-1");
    expect(client.isMuted()).toBe(false);
    client.setMuted(true);
    expect(call.audioOn).toBe(false);
    expect(client.isMuted()).toBe(true);
    client.setMuted(false);
    expect(client.isMuted()).toBe(false);
  });

  it("sends app messages as JSON up to 4096 characters and refuses longer ones clearly", async () => {
    const { client, call } = setup();
    await client.start("assistant-1");
    const fits = "x".repeat(MAX_APP_MESSAGE_CHARS - 2);
    client.send(fits);
    expect(call.sent.at(-1)).toEqual({ data: JSON.stringify(fits), to: "*" });
    expect(() => client.send(`${fits}x`)).toThrow(/Message data too large\. Max size is 4096.*4097/);
    expect(call.sent).toHaveLength(1);
  });

  it("stop clears the started flag and destroys the call object", async () => {
    const { client, call } = setup();
    await client.start("assistant-1");
    client.stop();
    expect(call.destroy).toHaveBeenCalledTimes(1);
    expect(() => client.send({})).toThrow(/No call in progress/);
    expect(await client.start("assistant-1")).not.toBeNull();
  });
});
