import {
  captionShareSchema,
  liveTicketSchema,
  liveUsageSchema,
  transcriptDetailSchema,
  transcriptListSchema,
} from "@contracts/live.ts";
import { apiFetch, apiRequest } from "./client.ts";

/** Live transcription: tickets, the month's usage and the saved transcripts. */

export const requestLiveTicket = () =>
  apiRequest("/api/live/ticket", { method: "POST", body: {}, schema: liveTicketSchema });

export const fetchLiveUsage = () => apiRequest("/api/live/usage", { schema: liveUsageSchema });

export const TRANSCRIPTS_KEY = "/api/live/transcripts";

export const transcriptPath = (id: string) => `${TRANSCRIPTS_KEY}/${encodeURIComponent(id)}`;

export const fetchTranscripts = () => apiRequest(TRANSCRIPTS_KEY, { schema: transcriptListSchema });

export const fetchTranscript = (id: string) => apiRequest(transcriptPath(id), { schema: transcriptDetailSchema });

export const renameTranscript = (id: string, title: string) =>
  apiFetch(transcriptPath(id), { method: "POST", body: { title } });

export const deleteTranscript = (id: string) => apiFetch(transcriptPath(id), { method: "DELETE" });

const sharePath = (sessionId: string) => `/api/live/sessions/${encodeURIComponent(sessionId)}/share`;

/** The session's caption link; asking again answers the same link. */
export const shareCaptions = (sessionId: string) =>
  apiRequest(sharePath(sessionId), { method: "POST", body: {}, schema: captionShareSchema });

export const stopSharingCaptions = (sessionId: string) => apiFetch(sharePath(sessionId), { method: "DELETE" });
