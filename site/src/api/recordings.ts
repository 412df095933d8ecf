import { RECORDINGS_PATH } from "@worker/recordings/contracts/upload-constants.ts";
import { apiRequest, schemaOf } from "./client.ts";

/** The user's recordings (finished uploads) and what uses each one. */

const recordings = () => import("@worker/recordings/contracts/recordings.ts");

export const fetchRecordings = () =>
  apiRequest(RECORDINGS_PATH, { schema: schemaOf(recordings, "recordingListSchema") });

export const deleteRecording = (id: string) =>
  apiRequest(`${RECORDINGS_PATH}/${encodeURIComponent(id)}`, {
    method: "DELETE",
    schema: schemaOf(recordings, "deletedRecordingSchema"),
  });
