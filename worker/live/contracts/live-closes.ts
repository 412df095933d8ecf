/**
 * Every code a page's live transcription socket can be closed with, one meaning each, and the
 * words the page shows for it. Where the product's documented realtime codes name a meaning
 * (4001 not authorised, 4002 out of credit, 4008 session expired, 4029 rate limited, 4030 a second
 * socket, 4031 timed out, 4100/4101 bad JSON/schema, 4103 reconnected), that code means exactly
 * that here; rules of the relay's own take codes from 4200. What the provider's stream ends with is
 * mapped onto this table in `worker/live/provider-closes.ts`; it never reaches the page as such.
 */

export interface LiveClose {
  readonly code: number;
  readonly message: string;
}

export const LIVE_CLOSES = {
  /** After a stop, once every final was sent. */
  finished: { code: 1000, message: "Transcription finished." },
  /** The provider could not decode the audio. */
  audioNotDecoded: { code: 1003, message: "The audio could not be decoded. Try another browser or microphone." },
  frameTooLarge: { code: 1009, message: "An audio frame was larger than the relay accepts." },
  /** The provider's stream failed or ended without saying why. */
  serviceFailed: {
    code: 1011,
    message: "The transcription service ended the stream unexpectedly. Please start again.",
  },
  /** The provider refused Vox's key. */
  notAuthorised: {
    code: 4001,
    message: "Vox could not sign in to the transcription service. Please try again later.",
  },
  /** Vox's provider account is out of credit. */
  serviceOutOfCredit: {
    code: 4002,
    message: "The transcription service account is out of credit. Please try again later.",
  },
  /** A resume came after the session ended (its grace ran out, or it was stopped). */
  sessionExpired: { code: 4008, message: "The transcription session expired. Start again." },
  /** The provider is rate limiting Vox. */
  serviceBusy: { code: 4029, message: "The transcription service is busy. Wait a moment and start again." },
  /** A second socket tried to attach to a session that already has one. */
  alreadyAttached: { code: 4030, message: "This session is already open in another tab." },
  /** The provider heard no audio for too long and closed the stream. */
  noAudio: {
    code: 4031,
    message:
      "The transcription service stopped hearing audio and closed the stream. Start again when you are ready to speak.",
  },
  /** A control message that is not JSON (sent as an error message; the socket stays open). */
  controlNotJson: { code: 4100, message: "That control message is not JSON." },
  /** A control message of an unknown type (sent as an error message; the socket stays open). */
  controlUnknown: { code: 4101, message: 'Unknown control message; send {"type":"stop"}.' },
  /** The page reconnected on a newer socket; this one is no longer used. */
  replaced: { code: 4103, message: "Replaced by a newer connection." },
  /** The month's live transcription hours, across all of the user's sessions, are used up. */
  quotaUsed: {
    code: 4200,
    message: "Your live transcription time for this month is used up. Upgrade your plan for more.",
  },
  accountDeleted: { code: 4201, message: "This account was deleted, so the session has ended." },
  /** The sign-in that opened the session ended: a logout, a password reset, or a password changed elsewhere. */
  signedOut: {
    code: 4202,
    message: "You were signed out, so the session has ended. Sign in again to start a new one.",
  },
} as const satisfies Record<string, LiveClose>;

/**
 * What a caption viewer's socket (`/api/live/watch`) can be closed with, in 4500–4599 so a code
 * never means one thing to the speaker's page and another to a viewer's.
 */
export const WATCH_CLOSES = {
  /** The session is over; the viewer got every final first. */
  ended: { code: 1000, message: "The session has ended." },
  /** The owner revoked the link. */
  sharingStopped: { code: 4500, message: "The speaker stopped sharing these captions." },
  /** The link is unknown, or was revoked before this viewer arrived. */
  unknownLink: { code: 4504, message: "This caption link does not work any more. Ask the speaker for a new one." },
  /** Viewers only listen: anything a viewer sends closes its socket. */
  viewerSpoke: { code: 4505, message: "Caption viewers can only listen; this page sent a message." },
  /** The session already has as many viewers as its owner's plan allows. */
  full: { code: 4509, message: "This session has as many viewers as it can take. Try again in a little while." },
  /** The places left are kept for viewers on other networks (`viewerReserve`). */
  networkFull: {
    code: 4510,
    message: "Many people on your network are watching; the last places are kept for others. Try mobile data, or wait.",
  },
  /** Too many viewer connections from one network address in a short time. */
  rateLimited: { code: 4529, message: "Too many connections from your network. Wait a minute, then reload." },
} as const satisfies Record<string, LiveClose>;

/** The code the page closes with when the device goes offline: a drop, so the session waits for a resume. */
export const PAGE_WENT_OFFLINE = 4300;

/** The words for a close code the page received, or null for one it does not know. */
export function liveCloseMessage(code: number): string | null {
  const closes: LiveClose[] = [...Object.values(LIVE_CLOSES), ...Object.values(WATCH_CLOSES)];
  return closes.find((close) => close.code === code && close.code !== 1000)?.message ?? null;
}
