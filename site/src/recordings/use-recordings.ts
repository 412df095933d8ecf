import { API } from "@contracts/api-paths.ts";
import { isFinished, JOB_POLL_MS } from "@worker/jobs/contracts/jobs.ts";
import type { RecordingList } from "@worker/recordings/contracts/recordings.ts";
import useSWR from "swr";
import { useStoredUser } from "../api/session.ts";
import { fetchRecordings } from "./recordings-api.ts";

/** The SWR key of the recordings list, to refresh it after an upload, a job or a deletion. */
export const RECORDINGS_KEY = API.recordings.mount;

/** The signed-in user's recordings; polled while a job using one is still running. */
export function useRecordings() {
  const user = useStoredUser();
  return useSWR<RecordingList>(user ? RECORDINGS_KEY : null, fetchRecordings, {
    refreshInterval: (data) =>
      data?.items.some((item) => item.used_by.some((use) => !isFinished(use.status))) ? JOB_POLL_MS : 0,
  });
}
