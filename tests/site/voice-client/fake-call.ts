import { vi } from "vitest";
import type { CallEventMap, CallObject, CallParticipant } from "../../../site/src/voice-client/call-object.ts";

type Handler = (event?: unknown) => void;

/**
 * Our own double of the call library's call object: records what the client asks of it and lets
 * a test fire the events the real one would.
 */
export class FakeCall implements CallObject {
  readonly handlers = new Map<string, Handler[]>();
  readonly frame = document.createElement("iframe");
  readonly sent: Array<{ data: unknown; to: string | undefined }> = [];
  readonly subscriptions: Array<{ sessionId: string; tracks: Record<string, boolean> }> = [];
  joinedWith: { url: string; subscribeToTracksAutomatically: boolean } | null = null;
  observerInterval: number | undefined;
  inputSettings: unknown = null;
  audioOn = true;
  destroyed = false;
  joinError: Error | null = null;

  iframe() {
    return this.frame;
  }
  on<K extends keyof CallEventMap>(event: K, handler: (event?: CallEventMap[K]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler as Handler]);
    return this;
  }
  async join(properties: { url: string; subscribeToTracksAutomatically: boolean }) {
    if (this.joinError) throw this.joinError;
    this.joinedWith = properties;
    return {};
  }
  updateParticipant(sessionId: string, updates: { setSubscribedTracks: Record<string, boolean> }) {
    this.subscriptions.push({ sessionId, tracks: updates.setSubscribedTracks });
    return this;
  }
  async startRemoteParticipantsAudioLevelObserver(interval?: number) {
    this.observerInterval = interval;
  }
  async updateInputSettings(settings: unknown) {
    this.inputSettings = settings;
    return settings;
  }
  sendAppMessage(data: unknown, to?: string) {
    this.sent.push({ data, to });
    return this;
  }
  setLocalAudio(enabled: boolean) {
    this.audioOn = enabled;
    return this;
  }
  localAudio() {
    return this.audioOn;
  }
  destroy = vi.fn(async () => {
    this.destroyed = true;
  });

  fire<K extends keyof CallEventMap>(event: K, payload?: CallEventMap[K]) {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }

  levels(levels: Record<string, number>) {
    this.fire("remote-participants-audio-level", { participantsAudioLevel: levels });
  }
}

export const assistantSpeaker: CallParticipant = { local: false, session_id: "remote-1", user_name: "Vapi Speaker" };

/** A fetch that answers `/call/web` like the provider and records each request. */
export function webCallFetch(
  answer: { status: number; body: unknown } = {
    status: 201,
    body: { id: "call-1", webCallUrl: "https://x.daily.co/room" },
  },
) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    Response.json(answer.body, { status: answer.status }),
  );
}
