import ReconnectingWebSocket from "partysocket/ws";
import { z } from "zod";
import { TypedEmitter } from "../emitter.ts";
import { type SessionSettings, sessionSettingsMessage, type VoiceApiMessage, voiceApiMessage } from "./messages.ts";

/** Voice-API reconnect defaults (milliseconds); the number of retries is the config's `reconnectAttempts`. */
export const RECONNECT_DEFAULTS = {
  maxReconnectionDelay: 10_000,
  minReconnectionDelayBase: 1000,
  minReconnectionDelayJitter: 4000,
  reconnectionDelayGrowFactor: 1.3,
  connectionTimeout: 4000,
  minUptime: 5000,
} as const;

export const DEFAULT_VOICE_API_HOSTNAME = "api.hume.ai";
export const DEFAULT_RECONNECT_ATTEMPTS = 30;

/**
 * A browser holds a short-lived access token (from the Vox Worker's `POST /api/voice/token`);
 * an API key belongs on a server only.
 */
export const voiceApiClientConfig = z
  .object({
    hostname: z.string().min(1).default(DEFAULT_VOICE_API_HOSTNAME),
    reconnectAttempts: z.number().int().nonnegative().default(DEFAULT_RECONNECT_ATTEMPTS),
    debug: z.boolean().default(false),
    auth: z.discriminatedUnion("type", [
      z.object({ type: z.literal("apiKey"), value: z.string().min(1) }),
      z.object({ type: z.literal("accessToken"), value: z.string().min(1) }),
    ]),
    configId: z.string().min(1).optional(),
    configVersion: z.union([z.string().min(1), z.number().int().nonnegative()]).optional(),
  })
  .strict();

export type VoiceApiClientConfig = z.input<typeof voiceApiClientConfig>;

export type VoiceApiClientEvents = {
  open: [];
  message: [message: VoiceApiMessage];
  error: [error: Error];
  close: [event: { code: number; reason: string }];
};

export interface VoiceApiClientOptions {
  /** A WebSocket constructor for runtimes without a global one (and for tests). */
  readonly WebSocket?: typeof WebSocket;
}

/** The delay before the first reconnection: 1 s plus up to 4 s of jitter, so clients spread out. */
export function minReconnectionDelay(random: () => number = Math.random): number {
  return RECONNECT_DEFAULTS.minReconnectionDelayBase + random() * RECONNECT_DEFAULTS.minReconnectionDelayJitter;
}

/** The chat socket's address for a config: `wss://HOST/v0/evi/chat?…` with the credential and config. */
export function voiceApiUrl(config: VoiceApiClientConfig): string {
  const parsed = voiceApiClientConfig.parse(config);
  const params = new URLSearchParams();
  params.set(parsed.auth.type === "apiKey" ? "api_key" : "access_token", parsed.auth.value);
  if (parsed.configId) params.set("config_id", parsed.configId);
  if (parsed.configVersion !== undefined) params.set("config_version", String(parsed.configVersion));
  return `wss://${parsed.hostname}/v0/evi/chat?${params.toString()}`;
}

/**
 * A voice-API chat over a reconnecting WebSocket: messages in are validated against the provider's
 * message schemas; session settings, audio and text go out as JSON.
 */
export class VoiceApiClient extends TypedEmitter<VoiceApiClientEvents> {
  private readonly config: z.output<typeof voiceApiClientConfig>;
  private socket: ReconnectingWebSocket | null = null;

  constructor(
    config: VoiceApiClientConfig,
    private readonly options: VoiceApiClientOptions = {},
  ) {
    super();
    this.config = voiceApiClientConfig.parse(config);
  }

  get url(): string {
    return voiceApiUrl(this.config);
  }

  connect(): void {
    if (this.socket) return;
    const socket = new ReconnectingWebSocket(this.url, [], {
      maxReconnectionDelay: RECONNECT_DEFAULTS.maxReconnectionDelay,
      minReconnectionDelay: minReconnectionDelay(),
      reconnectionDelayGrowFactor: RECONNECT_DEFAULTS.reconnectionDelayGrowFactor,
      connectionTimeout: RECONNECT_DEFAULTS.connectionTimeout,
      minUptime: RECONNECT_DEFAULTS.minUptime,
      maxRetries: this.config.reconnectAttempts,
      debug: this.config.debug,
      WebSocket: this.options.WebSocket,
    });
    socket.addEventListener("open", () => this.emit("open"));
    socket.addEventListener("close", (event) => this.emit("close", { code: event.code, reason: event.reason }));
    socket.addEventListener("error", (event) => this.emit("error", new Error(event.message || "WebSocket error")));
    socket.addEventListener("message", (event) => this.receive(event.data));
    this.socket = socket;
  }

  disconnect(): void {
    if (!this.socket) return;
    this.socket.close();
    this.socket = null;
  }

  sendSessionSettings(settings: SessionSettings): void {
    this.sendJson(sessionSettingsMessage.parse(settings));
  }

  /** Base64 audio in the session's encoding. */
  sendAudio(data: string): void {
    this.sendJson({ type: "audio_input", data });
  }

  sendUserInput(text: string): void {
    this.sendJson({ type: "user_input", text });
  }

  sendToolResponse(toolCallId: string, content: string): void {
    this.sendJson({ type: "tool_response", tool_call_id: toolCallId, content });
  }

  sendToolError(toolCallId: string, error: string, content?: string): void {
    this.sendJson({ type: "tool_error", tool_call_id: toolCallId, error, content });
  }

  private sendJson(message: Record<string, unknown>): void {
    if (!this.socket) throw new Error("Not connected: call connect() first.");
    this.socket.send(JSON.stringify(message));
  }

  private receive(data: unknown): void {
    if (typeof data !== "string") return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      this.emit("error", new Error("The voice API sent a message that is not JSON"));
      return;
    }
    const parsed = voiceApiMessage.safeParse(json);
    if (!parsed.success) {
      if (this.config.debug) console.debug("[voice-api] unexpected message", json, parsed.error.issues);
      this.emit("error", new Error(`The voice API sent an unexpected message: ${z.prettifyError(parsed.error)}`));
      return;
    }
    this.emit("message", parsed.data);
  }
}
