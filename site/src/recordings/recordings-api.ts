import { API } from "@contracts/api-paths.ts";
import { apiRequest, schemaOf } from "../api/client.ts";

/** The user's recordings (finished uploads) and what uses each one. */

const recordings = () => import("@worker/recordings/contracts/recordings.ts");

export const fetchRecordings = () =>
  apiRequest(API.recordings.mount, { schema: schemaOf(recordings, "recordingListSchema") });

export const deleteRecording = (id: string) =>
  apiRequest(`${API.recordings.mount}/${encodeURIComponent(id)}`, {
    method: "DELETE",
    schema: schemaOf(recordings, "deletedRecordingSchema"),
  });
