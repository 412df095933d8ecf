/**
 * Close codes of a caption viewer's socket (`/api/live/watch`), one meaning each, in 4500–4599 so
 * they never collide with the speaker's codes. The reason text is what the watch page shows.
 */

export interface WatchClose {
  readonly code: number;
  readonly message: string;
}

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
  /** Too many viewer connections from one network address in a short time. */
  rateLimited: { code: 4529, message: "Too many connections from your network. Wait a minute, then reload." },
} as const satisfies Record<string, WatchClose>;
