import { z } from "zod";

/**
 * The voice-API's WebSocket messages, as the provider sends them: snake_case on the
 * wire, a `type` discriminator, and an optional `custom_session_id` echoing the session's own id.
 * Unknown extra fields are kept, since the provider adds fields over time.
 */

const sessionId = { custom_session_id: z.string().nullish() };
const prosody = z.object({ scores: z.record(z.string(), z.number()) }).loose();
const inference = z.object({ prosody: prosody.nullish() }).loose();

export const audioOutputMessage = z
  .object({ type: z.literal("audio_output"), id: z.string(), data: z.string(), ...sessionId })
  .loose();

export const assistantMessage = z
  .object({
    type: z.literal("assistant_message"),
    id: z.string().nullish(),
    message: z.object({ role: z.literal("assistant"), content: z.string() }).loose(),
    models: inference,
    from_text: z.boolean(),
    ...sessionId,
  })
  .loose();

export const userMessage = z
  .object({
    type: z.literal("user_message"),
    message: z.object({ role: z.literal("user"), content: z.string() }).loose(),
    models: inference,
    time: z.object({ begin: z.number().nonnegative(), end: z.number().nonnegative() }),
    from_text: z.boolean(),
    ...sessionId,
  })
  .loose();

export const assistantEndMessage = z.object({ type: z.literal("assistant_end"), ...sessionId }).loose();

export const userInterruptionMessage = z
  .object({ type: z.literal("user_interruption"), time: z.number().nonnegative(), ...sessionId })
  .loose();

export const errorMessage = z
  .object({ type: z.literal("error"), code: z.string(), slug: z.string(), message: z.string(), ...sessionId })
  .loose();

const toolType = z.enum(["builtin", "function"]);

export const toolCallMessage = z
  .object({
    type: z.literal("tool_call"),
    name: z.string().min(1),
    tool_call_id: z.string().min(1),
    /** The arguments as a JSON string, exactly as the model produced them. */
    parameters: z.string(),
    tool_type: toolType,
    response_required: z.boolean(),
    ...sessionId,
  })
  .loose();

export const toolResponseMessage = z
  .object({
    type: z.literal("tool_response"),
    tool_call_id: z.string().min(1),
    content: z.string(),
    tool_name: z.string().nullish(),
    tool_type: toolType.nullish(),
    ...sessionId,
  })
  .loose();

export const toolErrorMessage = z
  .object({
    type: z.literal("tool_error"),
    tool_call_id: z.string().min(1),
    error: z.string(),
    content: z.string().nullish(),
    code: z.string().nullish(),
    level: z.enum(["warn"]).nullish(),
    tool_type: toolType.nullish(),
    ...sessionId,
  })
  .loose();

/** Every message the server sends. Tool responses and errors also travel client → server. */
export const voiceApiMessage = z.discriminatedUnion("type", [
  audioOutputMessage,
  assistantMessage,
  userMessage,
  assistantEndMessage,
  userInterruptionMessage,
  errorMessage,
  toolCallMessage,
  toolResponseMessage,
  toolErrorMessage,
]);

export type VoiceApiMessage = z.infer<typeof voiceApiMessage>;
export type VoiceApiMessageType = VoiceApiMessage["type"];

/**
 * Session settings as a developer writes them (camelCase, like the client config), turned into
 * the `session_settings` wire message by {@link sessionSettingsMessage}.
 */
export const sessionSettings = z
  .object({
    audio: z
      .object({
        channels: z.union([z.literal(1), z.literal(2)]),
        encoding: z.enum(["linear16", "opus"]),
        sampleRate: z.number().int().positive(),
      })
      .strict()
      .optional(),
    context: z
      .object({ text: z.string(), type: z.enum(["editable", "persistent", "temporary"]) })
      .strict()
      .optional(),
    systemPrompt: z.string().optional(),
    customSessionId: z.string().min(1).optional(),
  })
  .strict();

export type SessionSettings = z.input<typeof sessionSettings>;

export const sessionSettingsMessage = sessionSettings.transform((settings) => {
  const wire: Record<string, unknown> = { type: "session_settings" };
  if (settings.audio) {
    wire.audio = {
      channels: settings.audio.channels,
      encoding: settings.audio.encoding,
      sample_rate: settings.audio.sampleRate,
    };
  }
  if (settings.context) wire.context = settings.context;
  if (settings.systemPrompt !== undefined) wire.system_prompt = settings.systemPrompt;
  if (settings.customSessionId !== undefined) wire.custom_session_id = settings.customSessionId;
  return wire;
});
