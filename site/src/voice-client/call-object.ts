/**
 * The part of the embedded call library's call object (`@daily-co/daily-js`) the voice client
 * uses, written out so the client depends on behaviour rather than on the library's whole type,
 * and so tests can drive the client with their own double.
 */

export interface CallParticipant {
  readonly local: boolean;
  readonly session_id: string;
  readonly user_name?: string;
}

export interface CallEventMap {
  "left-meeting": unknown;
  "participant-joined": { readonly participant: CallParticipant };
  "participant-left": { readonly participant: CallParticipant };
  "track-started": { readonly participant?: CallParticipant | null; readonly track: MediaStreamTrack };
  "remote-participants-audio-level": { readonly participantsAudioLevel: Record<string, number> };
  "app-message": { readonly data: unknown; readonly fromId?: string };
  error: { readonly errorMsg?: string };
}

export interface CallObject {
  iframe(): HTMLIFrameElement | null;
  on<K extends keyof CallEventMap>(event: K, handler: (event?: CallEventMap[K]) => void): unknown;
  join(properties: { url: string; subscribeToTracksAutomatically: boolean }): Promise<unknown>;
  updateParticipant(
    sessionId: string,
    updates: { setSubscribedTracks: { audio: boolean; video: boolean; screenVideo: boolean; screenAudio: boolean } },
  ): unknown;
  startRemoteParticipantsAudioLevelObserver(interval?: number): Promise<void>;
  updateInputSettings(settings: { audio: { processor: { type: "noise-cancellation" } } }): Promise<unknown>;
  sendAppMessage(data: unknown, to?: string): unknown;
  setLocalAudio(enabled: boolean): unknown;
  localAudio(): boolean;
  destroy(): Promise<void>;
}

export type CreateCallObject = () => Promise<CallObject>;

/**
 * Loads the call library only when a call starts (dynamic import), so pages that merely include
 * the client pay nothing for it. Audio only: the assistant has no camera.
 */
export const loadDailyCallObject: CreateCallObject = async () => {
  const { default: Daily } = await import("@daily-co/daily-js");
  const daily = Daily.createCallObject({ audioSource: true, videoSource: false });
  return {
    iframe: () => daily.iframe(),
    on: (event, handler) => daily.on(event, (payload) => handler(payload as never)),
    join: (properties) => daily.join(properties),
    updateParticipant: (sessionId, updates) => daily.updateParticipant(sessionId, updates),
    startRemoteParticipantsAudioLevelObserver: (interval) => daily.startRemoteParticipantsAudioLevelObserver(interval),
    updateInputSettings: (settings) => daily.updateInputSettings(settings),
    sendAppMessage: (data, to) => daily.sendAppMessage(data, to),
    setLocalAudio: (enabled) => daily.setLocalAudio(enabled),
    localAudio: () => daily.localAudio(),
    destroy: () => daily.destroy(),
  };
};
