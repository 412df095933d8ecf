/**
 * One table from what ends a provider stream to the close code and words the browser gets. Codes
 * are WebSocket close codes, except `handshake:<status>` for an HTTP refusal of the upgrade.
 * Deepgram's own codes carry their reason (`NET-0001`…) in the close reason, so 1011 and 1008 are
 * told apart by it.
 */

export interface MappedClose {
  /** What the relay closes the browser's socket with. */
  readonly code: number;
  readonly message: string;
}

const TABLE: Record<string, MappedClose> = {
  "1011:NET-0000": {
    code: 1011,
    message: "The transcription service had an internal problem. Please try again.",
  },
  "1011:NET-0001": {
    code: 1011,
    message:
      "The transcription service stopped hearing audio and closed the stream. Start again when you are ready to speak.",
  },
  "1002:DATA-0000": {
    code: 1003,
    message: "The audio could not be decoded. Try another browser or microphone.",
  },
  "1008:DATA-0000": {
    code: 1003,
    message: "The audio could not be decoded. Try another browser or microphone.",
  },
  "handshake:401": {
    code: 4001,
    message: "Vox could not sign in to the transcription service. Please try again later.",
  },
  "handshake:402": {
    code: 4002,
    message: "The transcription service account is out of credit. Please try again later.",
  },
  "handshake:429": {
    code: 4029,
    message: "The transcription service is busy. Wait a moment and start again.",
  },
  "4000": { code: 4000, message: "The audio sample rate was not accepted." },
  "4001": { code: 4001, message: "Not authorised to use live transcription. Sign in again." },
  "4002": {
    code: 4002,
    message: "Your live transcription time for this month is used up. Upgrade your plan for more.",
  },
  "4004": { code: 4004, message: "This transcription session no longer exists. Start again." },
  "4008": { code: 4008, message: "The transcription session expired. Start again." },
  "4010": { code: 4010, message: "The transcription session was closed. Start again." },
  "4029": {
    code: 4029,
    message: "Too many requests to the transcription service. Wait a moment and start again.",
  },
  "4030": { code: 4030, message: "This session is already open in another tab." },
  "4031": { code: 4031, message: "The transcription session timed out. Start again." },
  "4032": { code: 4032, message: "The recording was too short to transcribe." },
  "4033": { code: 4033, message: "The recording was too long for one session. Start a new one." },
  "4100": { code: 4100, message: "The transcription service could not read a message (bad JSON)." },
  "4101": { code: 4101, message: "The transcription service rejected a message (bad schema)." },
  "4102": {
    code: 4102,
    message: "Too many live transcriptions are open. Close another one and start again.",
  },
  "4103": { code: 4103, message: "This session was reconnected elsewhere." },
  "1013": {
    code: 1013,
    message: "The connection could not be restored after several attempts. Start again.",
  },
};

const UNKNOWN: MappedClose = {
  code: 1011,
  message: "The transcription service ended the stream unexpectedly. Please start again.",
};

/** The browser-facing close for a provider close (code and reason) or a refused upgrade. */
export function mapProviderClose(code: number | "handshake", detail: string | number = ""): MappedClose {
  if (code === "handshake") return TABLE[`handshake:${detail}`] ?? UNKNOWN;
  const tagged = /\b(NET-\d{4}|DATA-\d{4})\b/.exec(String(detail))?.[1];
  return (tagged && TABLE[`${code}:${tagged}`]) || TABLE[String(code)] || UNKNOWN;
}

/** Closes the relay itself decides on (not the provider's). */
export const RELAY_CLOSES = {
  finished: { code: 1000, message: "Transcription finished." },
  frameTooLarge: { code: 1009, message: "An audio frame was larger than the relay accepts." },
  /** The month's live transcription hours, across all of the user's sessions, are used up. */
  quotaUsed: TABLE["4002"] as MappedClose,
  /** A resume came after the session ended (its 30 s grace ran out, or it was stopped). */
  sessionExpired: TABLE["4008"] as MappedClose,
  /** A second socket tried to attach to a session that already has one. */
  alreadyAttached: TABLE["4030"] as MappedClose,
  lost: { code: 1011, message: "The connection to the transcription service was lost. Please start again." },
  accountDeleted: { code: 4401, message: "This account was deleted, so the session has ended." },
} as const;
