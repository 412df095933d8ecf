import { STREAMING_CLOSES } from "../providers/contracts/assemblyai-streaming.ts";
import { LIVE_CLOSES, type LiveClose } from "./contracts/live-closes.ts";

/**
 * The live providers' vocabulary onto the page's close table. Deepgram ends a stream with a
 * WebSocket close whose reason starts with its error code (`NET-0001 …`), or refuses the upgrade
 * with an HTTP status. AssemblyAI closes with codes of its own after the upgrade (3000s, and 1008
 * for the key), which Deepgram does not use. Anything neither documents is a failed stream.
 */

const BY_TAG: Record<string, LiveClose> = {
  "DATA-0000": LIVE_CLOSES.audioNotDecoded,
  "NET-0000": LIVE_CLOSES.serviceFailed,
  "NET-0001": LIVE_CLOSES.noAudio,
};

const BY_CODE: Record<number, LiveClose> = {
  [STREAMING_CLOSES.unauthorized]: LIVE_CLOSES.notAuthorised,
  [STREAMING_CLOSES.inputDuration]: LIVE_CLOSES.audioNotDecoded,
  [STREAMING_CLOSES.tooManySessions]: LIVE_CLOSES.serviceBusy,
};

const BY_STATUS: Record<number, LiveClose> = {
  401: LIVE_CLOSES.notAuthorised,
  402: LIVE_CLOSES.serviceOutOfCredit,
  429: LIVE_CLOSES.serviceBusy,
};

/** The page's close for a provider stream that closed with `code` and `reason`. */
export function closeForProviderClose(code: number, reason: string): LiveClose {
  if (code === 1000) return LIVE_CLOSES.finished;
  const tag = /\b(NET-\d{4}|DATA-\d{4})\b/.exec(reason)?.[1];
  return (tag && BY_TAG[tag]) || BY_CODE[code] || LIVE_CLOSES.serviceFailed;
}

/** The page's close for a provider that refused to open a stream with HTTP `status`. */
export function closeForRefusedStream(status: number): LiveClose {
  return BY_STATUS[status] ?? LIVE_CLOSES.serviceFailed;
}
