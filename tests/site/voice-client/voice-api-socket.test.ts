import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { minReconnectionDelay, VoiceApiClient, voiceApiUrl } from "../../../site/src/voice-client/voice-api/client.ts";
import type { VoiceApiMessage } from "../../../site/src/voice-client/voice-api/messages.ts";

/** A WebSocket that connects only when the test says so, remembering when each was created. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = "blob";
  readonly createdAt = Date.now();
  readonly sent: string[] = [];

  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  drop() {
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent("close", { code: 1006, reason: "gone" }));
  }
  receive(data: string) {
    this.dispatchEvent(new MessageEvent("message", { data }));
  }
}

const gaps = () =>
  FakeSocket.instances
    .slice(1)
    .map((socket, index) => socket.createdAt - (FakeSocket.instances[index]?.createdAt ?? 0));

function connect(reconnectAttempts = 30) {
  const client = new VoiceApiClient(
    { auth: { type: "accessToken", value: "tok" }, reconnectAttempts },
    { WebSocket: FakeSocket as unknown as typeof WebSocket },
  );
  client.on("error", () => undefined);
  client.connect();
  return client;
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
  vi.spyOn(Math, "random").mockReturnValue(0.5);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the voice-API reconnecting socket", () => {
  it("waits at least 1 s plus up to 4 s of jitter before a reconnect", () => {
    expect(minReconnectionDelay(() => 0)).toBe(1000);
    expect(minReconnectionDelay(() => 0.999_999)).toBeCloseTo(5000, 2);
  });

  it("times out a silent connection after 4 s and backs off 1 s + jitter, growing 1.3x up to 10 s", async () => {
    const client = connect();
    await vi.advanceTimersByTimeAsync(100_000);
    const expected = [3000, 3900, 5070, 6591, 8568.3, 10_000, 10_000].map((delay) => 4000 + delay);
    expect(
      gaps()
        .slice(0, expected.length)
        .map((gap) => Math.round(gap)),
    ).toEqual(expected.map(Math.round));
    client.disconnect();
  });

  it("stops after reconnectAttempts retries", async () => {
    const client = connect(3);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.instances).toHaveLength(4);
    client.disconnect();
  });

  it("starts the back-off over only after a connection stayed up for 5 s", async () => {
    const client = connect();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.instances[0]?.open();
    await vi.advanceTimersByTimeAsync(4999);
    FakeSocket.instances[0]?.drop();
    await vi.advanceTimersByTimeAsync(3000);
    FakeSocket.instances[1]?.open();
    await vi.advanceTimersByTimeAsync(5000);
    FakeSocket.instances[1]?.drop();
    await vi.advanceTimersByTimeAsync(3000);
    // The first drop came before 5 s of uptime, so its retry counted; the second came after.
    expect(FakeSocket.instances).toHaveLength(3);
    expect(gaps()).toEqual([4999 + 3000, 5000 + 3000]);
    client.disconnect();
  });
});

describe("VoiceApiClient", () => {
  it("opens the chat URL with the access token and config, and sends session settings in wire form", async () => {
    const client = new VoiceApiClient(
      { auth: { type: "accessToken", value: "tok en" }, configId: "cfg-1", configVersion: 2, hostname: "voice.test" },
      { WebSocket: FakeSocket as unknown as typeof WebSocket },
    );
    expect(client.url).toBe("wss://voice.test/v0/evi/chat?access_token=tok+en&config_id=cfg-1&config_version=2");
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.instances[0];
    socket?.open();
    client.sendSessionSettings({
      audio: { channels: 1, encoding: "linear16", sampleRate: 16000 },
      context: { text: "The caller is a journalist.", type: "persistent" },
      systemPrompt: "Be brief.",
      customSessionId: "session-9",
    });
    expect(JSON.parse(socket?.sent[0] ?? "null")).toEqual({
      type: "session_settings",
      audio: { channels: 1, encoding: "linear16", sample_rate: 16000 },
      context: { text: "The caller is a journalist.", type: "persistent" },
      system_prompt: "Be brief.",
      custom_session_id: "session-9",
    });
    expect(() =>
      client.sendSessionSettings({ audio: { channels: 3 as 1, encoding: "linear16", sampleRate: 1 } }),
    ).toThrow();
    client.disconnect();
  });

  it("defaults to the provider host, and takes an API key on servers", () => {
    expect(voiceApiUrl({ auth: { type: "apiKey", value: "k" } })).toBe("wss://api.hume.ai/v0/evi/chat?api_key=k");
    expect(() => voiceApiUrl({ auth: { type: "password", value: "k" } } as never)).toThrow();
  });

  it("emits validated messages and reports unexpected ones as errors", async () => {
    const client = new VoiceApiClient(
      { auth: { type: "accessToken", value: "tok" } },
      { WebSocket: FakeSocket as unknown as typeof WebSocket },
    );
    const messages: VoiceApiMessage[] = [];
    const errors: Error[] = [];
    client.on("message", (message) => messages.push(message)).on("error", (error) => errors.push(error));
    client.connect();
    await vi.advanceTimersByTimeAsync(0);
    const socket = FakeSocket.instances[0];
    socket?.open();
    socket?.receive(JSON.stringify({ type: "assistant_end" }));
    socket?.receive(JSON.stringify({ type: "assistant_end", custom_session_id: 5 }));
    socket?.receive("not json");
    expect(messages).toEqual([{ type: "assistant_end" }]);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining("unexpected message"),
      "The voice API sent a message that is not JSON",
    ]);
    client.disconnect();
  });
});
