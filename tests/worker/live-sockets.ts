import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { Language } from "../../worker/contracts/languages.ts";
import {
  captionReservationSchema,
  captionShareSchema,
  type LiveServerMessage,
  liveServerMessage,
  liveTicketSchema,
  type WatchServerMessage,
  watchServerMessage,
} from "../../worker/live/contracts/live.ts";
import { takeProviderCalls } from "../../worker/sandbox/provider-calls.ts";
import { call, freshIp, registerAndSignIn } from "./helpers.ts";

/** Real sockets through the Worker to the live relay, as the speaker's page and viewers open them. */

export interface Socket<M> {
  readonly socket: WebSocket;
  readonly id: string;
  readonly status: number;
  readonly messages: M[];
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Resolves once `count` messages have arrived. */
  received(count: number): Promise<M[]>;
}

export type Session = Socket<LiveServerMessage>;

/**
 * The ticket answer (the ticket, and the session id of a caption link waiting for this session), for
 * English in the page's own audio unless `body` asks for another language or encoding.
 */
export async function ticketAnswer(token: string, body?: { language: Language; encoding: "pcm_s16le" }) {
  const response = await call("/api/live/ticket", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status).toBe(201);
  return liveTicketSchema.parse(await response.json());
}

export async function ticketFor(token: string): Promise<string> {
  return (await ticketAnswer(token)).ticket;
}

export function upgrade(query: string): Promise<Response> {
  return call(`/api/live?${query}`, { headers: { upgrade: "websocket" } });
}

export async function open(token: string, flags: Record<string, string> = {}): Promise<Session> {
  const ticket = await ticketFor(token);
  const session = attach(await upgrade(new URLSearchParams({ ticket, ...flags }).toString()));
  expect(session.status).toBe(101);
  return session;
}

/**
 * A session in `language` that sends 16 kHz PCM, once the relay has said it is ready. The provider
 * calls recorded until it opens are taken first, so the test reads only this session's.
 */
export async function openInLanguage(token: string, language: Language): Promise<Session> {
  const { ticket } = await ticketAnswer(token, { language, encoding: "pcm_s16le" });
  takeProviderCalls();
  const session = attach(await upgrade(new URLSearchParams({ ticket }).toString()));
  expect(session.status).toBe(101);
  await session.received(1);
  return session;
}

/** Reattaches to a session as its page would: resume token in the URL, bearer as the subprotocol. */
export async function resume(token: string, resumeToken: string, after: number, fresh = false): Promise<Session> {
  const response = await call(`/api/live?resume=${resumeToken}&after=${after}${fresh ? "&fresh=1" : ""}`, {
    headers: { upgrade: "websocket", "sec-websocket-protocol": `vox-bearer, ${token}` },
  });
  return attach(response);
}

export function attach(response: Response): Session;
export function attach<M>(response: Response, parse: (data: unknown) => M): Socket<M>;
export function attach<M>(
  response: Response,
  parse: (data: unknown) => M = (data) => liveServerMessage.parse(data) as M,
): Socket<M> {
  const socket = response.webSocket as WebSocket;
  if (!socket) {
    const never = new Promise<never>(() => {});
    return { socket, id: "", status: response.status, messages: [], closed: never, received: () => never };
  }
  socket.accept();
  const messages: M[] = [];
  const waiters: (() => void)[] = [];
  socket.addEventListener("message", (event) => {
    messages.push(parse(JSON.parse(event.data as string)));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })),
  );
  const received = async (count: number) => {
    const deadline = Date.now() + 15_000;
    while (messages.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${messages.length} of ${count} messages arrived`);
      await Promise.race([new Promise<void>((wake) => waiters.push(wake)), new Promise((r) => setTimeout(r, 100))]);
    }
    return messages;
  };
  return {
    socket,
    id: response.headers.get("x-vox-session") as string,
    status: response.status,
    messages,
    closed,
    received,
  };
}

type Transcript = Extract<LiveServerMessage, { type: "transcript" }>;

export const transcripts = <M extends { type: string }>(messages: M[]) =>
  messages.filter((m): m is Extract<M, Transcript> => m.type === "transcript");
/**
 * The finals as a page shows them, in the order they came: a correction (Yorùbá and Hausa's
 * accurate pass) replaces the text of the final it names rather than adding one.
 */
export const finals = <M extends { type: string }>(messages: M[]) => {
  const shown: Transcript[] = [];
  for (const message of transcripts(messages) as Transcript[]) {
    if (!message.is_final) continue;
    if (!message.correction) {
      shown.push(message);
      continue;
    }
    // A page replaces the final it has; one it never had (a resume's replay came first) it ignores.
    const corrected = shown.findLastIndex((final) => final.seq === message.seq);
    if (corrected >= 0) shown[corrected] = { ...(shown[corrected] as Transcript), text: message.text };
  }
  return shown;
};
/** The corrections among the messages, as they came. */
export const corrections = <M extends { type: string }>(messages: M[]) =>
  (transcripts(messages) as Transcript[]).filter((m) => m.is_final && m.correction);
export const readyOf = (messages: LiveServerMessage[]) => {
  const ready = messages[0];
  if (ready?.type !== "ready") throw new Error(`the first message was ${JSON.stringify(ready)}, not ready`);
  return ready;
};

/** Waits until `predicate` holds for the socket's messages. */
export async function until<M>(session: Socket<M>, predicate: (messages: M[]) => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!predicate(session.messages)) {
    if (Date.now() > deadline) throw new Error(`timed out; messages: ${JSON.stringify(session.messages)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const frame = (bytes = 2048) => new Uint8Array(bytes).fill(9).buffer;
export const relay = (id: string) => env.TRANSCRIPTION_RELAY.getByName(id);

export type Viewer = Socket<WatchServerMessage>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function share(token: string, sessionId: string, method: "POST" | "DELETE" = "POST"): Promise<Response> {
  return call(`/api/live/sessions/${sessionId}/share`, { method, headers: bearer(token) });
}

export async function linkFor(token: string, sessionId: string): Promise<string> {
  const response = await share(token, sessionId);
  expect(response.status).toBe(201);
  return captionShareSchema.parse(await response.json()).token;
}

/** A caption viewer of `link`, reading in `language` when given. */
export async function watch(
  link: string,
  { after, ip = freshIp(), language }: { after?: number; ip?: string; language?: Language } = {},
): Promise<Viewer> {
  const query = new URLSearchParams({ token: link });
  if (after !== undefined) query.set("after", String(after));
  if (language) query.set("language", language);
  const response = await call(`/api/live/watch?${query}`, {
    headers: { upgrade: "websocket", "cf-connecting-ip": ip },
  });
  expect(response.status).toBe(101);
  return attach(response, (data) => watchServerMessage.parse(data));
}

/** `POST` or `DELETE /api/live/share`: the caption link for the account's next session. */
export function reserve(token: string, method: "POST" | "DELETE" = "POST"): Promise<Response> {
  return call("/api/live/share", { method, headers: bearer(token) });
}

export async function reservedLink(token: string) {
  const response = await reserve(token);
  expect(response.status).toBe(201);
  return captionReservationSchema.parse(await response.json());
}

/** A speaker recording, with a working caption link. */
export async function sharedSession() {
  const speaker = await registerAndSignIn();
  const session = await open(speaker.token);
  await session.received(1);
  const link = await linkFor(speaker.token, session.id);
  return { speaker, session, link };
}

export const speak = (session: Session, frames: number) => {
  for (let i = 0; i < frames; i++) session.socket.send(frame());
};
