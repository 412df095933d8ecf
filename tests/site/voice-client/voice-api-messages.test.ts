import { describe, expect, it } from "vitest";
import {
  sessionSettings,
  sessionSettingsMessage,
  type VoiceApiMessageType,
  voiceApiMessage,
} from "../../../site/src/voice-client/voice-api/messages.ts";

const prosody = { prosody: { scores: { Calmness: 0.8, Joy: 0.1 } } };

/** One valid sample per message type, and ways each can be wrong. */
const SAMPLES: Record<VoiceApiMessageType, { valid: object; invalid: object[] }> = {
  audio_output: {
    valid: { type: "audio_output", id: "a1", data: "UklGRg==", custom_session_id: "s1" },
    invalid: [
      { type: "audio_output", id: "a1" },
      { type: "audio_output", id: 1, data: "x" },
    ],
  },
  assistant_message: {
    valid: {
      type: "assistant_message",
      id: "m1",
      message: { role: "assistant", content: "Good morning." },
      models: prosody,
      from_text: false,
    },
    invalid: [
      { type: "assistant_message", message: { role: "user", content: "x" }, models: {}, from_text: false },
      { type: "assistant_message", message: { role: "assistant", content: "x" }, models: {} },
    ],
  },
  user_message: {
    valid: {
      type: "user_message",
      message: { role: "user", content: "Hello" },
      models: prosody,
      time: { begin: 0, end: 1200 },
      from_text: false,
    },
    invalid: [
      { type: "user_message", message: { role: "user", content: "Hi" }, models: {}, from_text: false },
      {
        type: "user_message",
        message: { role: "user", content: "Hi" },
        models: {},
        time: { begin: -1, end: 2 },
        from_text: false,
      },
    ],
  },
  assistant_end: {
    valid: { type: "assistant_end" },
    invalid: [{ type: "assistant_end", custom_session_id: 7 }],
  },
  user_interruption: {
    valid: { type: "user_interruption", time: 5400 },
    invalid: [{ type: "user_interruption" }, { type: "user_interruption", time: "soon" }],
  },
  error: {
    valid: { type: "error", code: "E0100", slug: "bad_config", message: "The config does not exist." },
    invalid: [{ type: "error", message: "no code" }],
  },
  tool_call: {
    valid: {
      type: "tool_call",
      name: "get_weather",
      tool_call_id: "t1",
      parameters: '{"city":"Lagos"}',
      tool_type: "function",
      response_required: true,
    },
    invalid: [
      {
        type: "tool_call",
        name: "get_weather",
        tool_call_id: "t1",
        parameters: { city: "Lagos" },
        tool_type: "function",
        response_required: true,
      },
      {
        type: "tool_call",
        name: "x",
        tool_call_id: "t1",
        parameters: "{}",
        tool_type: "remote",
        response_required: true,
      },
    ],
  },
  tool_response: {
    valid: { type: "tool_response", tool_call_id: "t1", content: "31°C and humid", tool_name: "get_weather" },
    invalid: [{ type: "tool_response", content: "x" }],
  },
  tool_error: {
    valid: { type: "tool_error", tool_call_id: "t1", error: "Weather service down", level: "warn" },
    invalid: [
      { type: "tool_error", tool_call_id: "t1" },
      { type: "tool_error", tool_call_id: "t1", error: "x", level: "fatal" },
    ],
  },
};

describe("voice-API message schemas", () => {
  it.each(Object.entries(SAMPLES))("%s accepts its valid sample and refuses the invalid ones", (type, samples) => {
    const parsed = voiceApiMessage.safeParse(samples.valid);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.type).toBe(type);
    for (const invalid of samples.invalid) expect(voiceApiMessage.safeParse(invalid).success).toBe(false);
  });

  it("refuses a message type the spec does not list", () => {
    expect(voiceApiMessage.safeParse({ type: "chat_metadata_v9" }).success).toBe(false);
  });

  it("keeps fields the provider adds later", () => {
    expect(voiceApiMessage.parse({ type: "assistant_end", chat_id: "c1" })).toEqual({
      type: "assistant_end",
      chat_id: "c1",
    });
  });
});

describe("session settings", () => {
  it("accepts 1 or 2 channels, linear16 or opus, and the three context types", () => {
    for (const channels of [1, 2] as const) {
      for (const encoding of ["linear16", "opus"] as const) {
        expect(sessionSettings.safeParse({ audio: { channels, encoding, sampleRate: 48000 } }).success).toBe(true);
      }
    }
    for (const type of ["editable", "persistent", "temporary"] as const) {
      expect(sessionSettings.safeParse({ context: { text: "x", type } }).success).toBe(true);
    }
  });

  it.each([
    ["three channels", { audio: { channels: 3, encoding: "linear16", sampleRate: 16000 } }],
    ["an unknown encoding", { audio: { channels: 1, encoding: "mp3", sampleRate: 16000 } }],
    ["a fractional sample rate", { audio: { channels: 1, encoding: "opus", sampleRate: 44.1 } }],
    ["an unknown context type", { context: { text: "x", type: "sticky" } }],
    ["an empty session id", { customSessionId: "" }],
    ["an unknown field", { voice: "Ava" }],
  ])("refuses %s", (_name, settings) => {
    expect(sessionSettings.safeParse(settings).success).toBe(false);
  });

  it("becomes a session_settings wire message with only the fields given", () => {
    expect(sessionSettingsMessage.parse({ systemPrompt: "Be brief." })).toEqual({
      type: "session_settings",
      system_prompt: "Be brief.",
    });
  });
});
