export {
  AssistantApi,
  AssistantApiError,
  type AssistantApiOptions,
  type CreateWebCallRequest,
  DEFAULT_API_BASE_URL,
  type JsonObject,
  type Query,
  type WebCall,
} from "./assistant-api.ts";
export type { CallEventMap, CallObject, CallParticipant, CreateCallObject } from "./call-object.ts";
export {
  DEFAULT_RECONNECT_ATTEMPTS,
  DEFAULT_VOICE_API_HOSTNAME,
  minReconnectionDelay,
  RECONNECT_DEFAULTS,
  VoiceApiClient,
  type VoiceApiClientConfig,
  type VoiceApiClientEvents,
  type VoiceApiClientOptions,
  voiceApiClientConfig,
  voiceApiUrl,
} from "./voice-api/client.ts";
export * from "./voice-api/messages.ts";
export {
  ASSISTANT_SPEAKER_NAME,
  AUDIO_LEVEL_INTERVAL_MS,
  type CallState,
  MAX_APP_MESSAGE_CHARS,
  SPEECH_END_TIMEOUT_MS,
  SPEECH_THRESHOLD,
  type StartPhase,
  VOLUME_DIVISOR,
  VoiceClient,
  VoiceClientError,
  type VoiceClientEvents,
  type VoiceClientOptions,
} from "./voice-client.ts";
