import { AssistantApi, type JsonObject, type WebCall } from "./assistant-api.ts";
import { type CallObject, type CallParticipant, type CreateCallObject, loadDailyCallObject } from "./call-object.ts";
import { TypedEmitter } from "./emitter.ts";

/** Voice-client constants. */
export const AUDIO_LEVEL_INTERVAL_MS = 100;
export const SPEECH_END_TIMEOUT_MS = 1000;
export const SPEECH_THRESHOLD = 0.01;
export const VOLUME_DIVISOR = 0.15;
/** An app message may be at most this many characters once serialised. */
export const MAX_APP_MESSAGE_CHARS = 4096;
/** The provider names the participant that carries the assistant's voice like this. */
export const ASSISTANT_SPEAKER_NAME = "Vapi Speaker";

/** Which step of `start` failed, so a page can tell a bad key from an unreachable call network. */
export type StartPhase = "create-web-call" | "load-call-library" | "join";

export class VoiceClientError extends Error {
  override name = "VoiceClientError";
  constructor(
    readonly phase: StartPhase | "call",
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export type VoiceClientEvents = {
  "call-start": [];
  "call-end": [];
  error: [error: VoiceClientError];
  message: [message: unknown];
  "volume-level": [level: number];
  "speech-start": [];
  "speech-end": [];
};

/** Call-client states. */
export type CallState = "new" | "joining" | "joined" | "left" | "error";

export interface VoiceClientOptions {
  /** Base of the voice-assistant API; defaults to the provider's host. */
  readonly apiBaseUrl?: string;
  readonly fetch?: typeof fetch;
  /** Creates the call object; defaults to loading `@daily-co/daily-js` on first use. */
  readonly createCallObject?: CreateCallObject;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Starts a voice conversation with an AI assistant from the browser: creates a web
 * call with the public key, joins it with the embedded call library and reports what happens as
 * typed events.
 */
export class VoiceClient extends TypedEmitter<VoiceClientEvents> {
  private readonly api: AssistantApi;
  private readonly createCallObject: CreateCallObject;
  private call: CallObject | null = null;
  private started = false;
  /** Bumped by every stop, so a start that is still awaiting notices it was cancelled. */
  private generation = 0;
  private speakingTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly players = new Map<string, HTMLAudioElement>();
  private callState: CallState = "new";

  constructor(publicKey: string, options: VoiceClientOptions = {}) {
    super();
    this.api = new AssistantApi(publicKey, { apiBaseUrl: options.apiBaseUrl, fetch: options.fetch });
    this.createCallObject = options.createCallObject || loadDailyCallObject;
  }

  get state(): CallState {
    return this.callState;
  }

  /**
   * Starts a call with an assistant id or an inline assistant configuration. Does nothing (and
   * answers null) while a call is started; on any failure it logs, emits `error`, cleans up and
   * answers null rather than throwing.
   */
  async start(assistant: string | JsonObject, assistantOverrides?: JsonObject): Promise<WebCall | null> {
    if (this.started) return null;
    this.started = true;
    this.callState = "joining";
    const generation = this.generation;
    let phase: StartPhase = "create-web-call";
    try {
      const webCall = await this.api.calls.createWeb(
        typeof assistant === "string"
          ? { assistantId: assistant, assistantOverrides }
          : { assistant, assistantOverrides },
      );
      if (generation !== this.generation) return null;
      phase = "load-call-library";
      const call = await this.createCallObject();
      if (generation !== this.generation) {
        await call.destroy();
        return null;
      }
      this.call = call;
      const frame = call.iframe();
      if (frame) frame.style.setProperty("display", "none");
      this.listen(call);
      phase = "join";
      await call.join({ url: webCall.webCallUrl, subscribeToTracksAutomatically: false });
      if (generation !== this.generation) return null;
      await call.startRemoteParticipantsAudioLevelObserver(AUDIO_LEVEL_INTERVAL_MS);
      await call.updateInputSettings({ audio: { processor: { type: "noise-cancellation" } } });
      this.callState = "joined";
      return webCall;
    } catch (cause) {
      const error = new VoiceClientError(phase, `Could not start the call (${phase}): ${describe(cause)}`, cause);
      console.error("[voice-client]", error, cause);
      this.callState = "error";
      this.emit("error", error);
      this.cleanup();
      return null;
    }
  }

  /** Ends the call: clears the started flag and destroys the call object. */
  stop(): void {
    this.cleanup();
  }

  setMuted(muted: boolean): void {
    if (!this.call) throw new Error("No call in progress: start a call before muting.");
    this.call.setLocalAudio(!muted);
  }

  isMuted(): boolean {
    return this.call ? this.call.localAudio() === false : false;
  }

  /** Sends an app message to the assistant as JSON (at most 4096 characters serialised). */
  send(message: unknown): void {
    if (!this.call) throw new Error("No call in progress: start a call before sending messages.");
    const data = JSON.stringify(message);
    if (data === undefined) throw new TypeError("The message cannot be serialised as JSON.");
    if (data.length > MAX_APP_MESSAGE_CHARS) {
      throw new RangeError(
        `Message data too large. Max size is ${MAX_APP_MESSAGE_CHARS} characters serialised; this one is ${data.length}.`,
      );
    }
    this.call.sendAppMessage(data, "*");
  }

  private listen(call: CallObject): void {
    call.on("left-meeting", () => {
      this.callState = "left";
      this.emit("call-end");
      if (this.call === call) this.cleanup();
    });
    call.on("error", (event) => {
      const message = event?.errorMsg ? event.errorMsg : "The call failed";
      this.emit("error", new VoiceClientError("call", message, event));
    });
    call.on("participant-joined", (event) => {
      if (event && !event.participant.local) this.subscribeToAudio(call, event.participant);
    });
    call.on("participant-left", (event) => {
      if (event) this.removePlayer(event.participant.session_id);
    });
    call.on("track-started", (event) => {
      if (!event?.participant || event.participant.local) return;
      if (event.participant.user_name !== ASSISTANT_SPEAKER_NAME) return;
      if (event.track.kind === "audio") this.play(event.track, event.participant.session_id);
      call.sendAppMessage("playable");
    });
    call.on("remote-participants-audio-level", (event) => {
      if (event) this.onAudioLevel(event.participantsAudioLevel);
    });
    call.on("app-message", (event) => {
      if (event) this.onAppMessage(event.data);
    });
  }

  private subscribeToAudio(call: CallObject, participant: CallParticipant): void {
    call.updateParticipant(participant.session_id, {
      setSubscribedTracks: { audio: true, video: false, screenVideo: false, screenAudio: false },
    });
  }

  private play(track: MediaStreamTrack, sessionId: string): void {
    this.removePlayer(sessionId);
    const player = document.createElement("audio");
    player.dataset.participantId = sessionId;
    player.autoplay = true;
    player.srcObject = new MediaStream([track]);
    document.body.appendChild(player);
    this.players.set(sessionId, player);
    player.play().catch((error: unknown) => console.error("[voice-client] remote audio did not play", error));
  }

  private removePlayer(sessionId: string): void {
    const player = this.players.get(sessionId);
    if (!player) return;
    player.srcObject = null;
    player.remove();
    this.players.delete(sessionId);
  }

  private onAudioLevel(levels: Record<string, number>): void {
    let sum = 0;
    for (const key of Object.keys(levels)) sum += levels[key] || 0;
    this.emit("volume-level", Math.min(1, sum / VOLUME_DIVISOR));
    if (sum <= SPEECH_THRESHOLD) return;
    if (this.speakingTimer) clearTimeout(this.speakingTimer);
    else this.emit("speech-start");
    this.speakingTimer = setTimeout(() => {
      this.speakingTimer = null;
      this.emit("speech-end");
    }, SPEECH_END_TIMEOUT_MS);
  }

  private onAppMessage(data: unknown): void {
    if (data === "listening") {
      this.emit("call-start");
      return;
    }
    if (typeof data !== "string") {
      this.emit("message", data);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch (error) {
      console.log("[voice-client] ignored an app message that is not JSON", error);
      return;
    }
    this.emit("message", parsed);
  }

  private cleanup(): void {
    this.generation += 1;
    this.started = false;
    if (this.speakingTimer) clearTimeout(this.speakingTimer);
    this.speakingTimer = null;
    for (const sessionId of Array.from(this.players.keys())) this.removePlayer(sessionId);
    const call = this.call;
    this.call = null;
    if (call) call.destroy().catch((error: unknown) => console.error("[voice-client] destroy failed", error));
  }
}
