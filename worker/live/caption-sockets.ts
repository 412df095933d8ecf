import type { Language } from "../contracts/languages.ts";
import type { WatchServerMessage } from "./contracts/live.ts";
import type { LiveClose } from "./contracts/live-closes.ts";

/**
 * The tags a caption viewer's socket is accepted with, in the relay and in its shards alike, so
 * each finds its viewers again after hibernating, without a list.
 */
export const VIEWER_TAG = "viewer";
/** A tag per caption link, so revoking it closes exactly the sockets that came through it. */
export const linkTag = (token: string) => `link:${token}`;
/** A tag per viewer address, so its share of the audience is counted without a list. */
export const addressTag = (address: string) => `address:${address}`;
/** A tag per language read, so each final goes to its readers in theirs without a list. */
export const readsTag = (language: Language) => `reads:${language}`;
/**
 * Readers who chose no language read the session's own, which a viewer waiting for the session to
 * start cannot know yet: they are tagged as such, and get the finals as spoken.
 */
export const AS_SPOKEN_TAG = "reads:as-spoken";

/** The tag of what a viewer reads: its language, or the session's own. */
export const readingTag = (view: { readonly language?: Language | undefined }) =>
  view.language ? readsTag(view.language) : AS_SPOKEN_TAG;

export const viewerTags = (view: { token: string; address: string; language?: Language | undefined }) => [
  VIEWER_TAG,
  linkTag(view.token),
  addressTag(view.address),
  readingTag(view),
];

/** Serialised once for the whole audience, or everyone reading one language. */
export function sendToAll(sockets: readonly WebSocket[], data: string): void {
  for (const socket of sockets) {
    try {
      socket.send(data);
    } catch {
      // A viewer whose connection is closing misses nothing it could still read.
    }
  }
}

export function closeWith(socket: WebSocket, message: WatchServerMessage | string, close: LiveClose): void {
  try {
    socket.send(typeof message === "string" ? message : JSON.stringify(message));
    socket.close(close.code, close.message);
  } catch {
    // Already closing: nothing more to tell it.
  }
}

/** Answers a viewer that cannot be seated: the reason is the close itself. */
export function refuse(socket: WebSocket, close: LiveClose): void {
  socket.accept();
  socket.close(close.code, close.message);
}
