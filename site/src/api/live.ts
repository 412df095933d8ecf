import { liveTicketSchema, liveUsageSchema, transcriptDetailSchema, transcriptListSchema } from "@contracts/live.ts";
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
