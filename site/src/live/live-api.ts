import { API, pathOf } from "@contracts/api-paths.ts";
import type { Language } from "@contracts/languages.ts";
import type { LiveTicketBody } from "@worker/live/contracts/live.ts";
import { apiFetch, apiRequest, schemaOf } from "../api/client.ts";

/** Live transcription: tickets, the month's usage and the saved transcripts. */

const live = () => import("@worker/live/contracts/live.ts");

/** A ticket for a session spoken in `language`; one no streaming provider serves is refused (400). */
export const requestLiveTicket = (language: Language) =>
  apiRequest(API.live.path.ticket, {
    method: "POST",
    body: { language } satisfies LiveTicketBody,
    schema: schemaOf(live, "liveTicketSchema"),
  });

export const fetchLiveUsage = () => apiRequest(API.live.path.usage, { schema: schemaOf(live, "liveUsageSchema") });

export const TRANSCRIPTS_KEY = API.liveTranscripts.path.list;

export const transcriptPath = (id: string) => pathOf(API.liveTranscripts.path.transcript, { id });

export const fetchTranscripts = () => apiRequest(TRANSCRIPTS_KEY, { schema: schemaOf(live, "transcriptListSchema") });

export const fetchTranscript = (id: string) =>
  apiRequest(transcriptPath(id), { schema: schemaOf(live, "transcriptDetailSchema") });

export const renameTranscript = (id: string, title: string) =>
  apiFetch(transcriptPath(id), { method: "POST", body: { title } });

export const deleteTranscript = (id: string) => apiFetch(transcriptPath(id), { method: "DELETE" });

const sharePath = (sessionId: string) => pathOf(API.live.path.sessionShare, { session_id: sessionId });

/** The session's caption link; asking again answers the same link. */
export const shareCaptions = (sessionId: string) =>
  apiRequest(sharePath(sessionId), { method: "POST", body: {}, schema: schemaOf(live, "captionShareSchema") });

/** The relay's messages, loaded before a socket to it opens. */
export const liveServerMessages = schemaOf(live, "liveServerMessage");
export const watchServerMessages = schemaOf(live, "watchServerMessage");

export const stopSharingCaptions = (sessionId: string) => apiFetch(sharePath(sessionId), { method: "DELETE" });

const NEXT_SESSION_SHARE = API.live.path.share;

/** A caption link for the next session, before recording; asking again answers the same link. */
export const reserveCaptions = () =>
  apiRequest(NEXT_SESSION_SHARE, { method: "POST", body: {}, schema: schemaOf(live, "captionReservationSchema") });

export const withdrawReservedCaptions = () => apiFetch(NEXT_SESSION_SHARE, { method: "DELETE" });
