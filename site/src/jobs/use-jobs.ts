import { JOB_PATHS } from "@contracts/api-paths.ts";
import { isFinished, JOB_POLL_MS, type JobKind } from "@worker/jobs/contracts/jobs.ts";
import useSWR from "swr";
import { useStoredUser } from "../api/session.ts";
import { fetchJob, fetchJobs, type JobListOf, type JobOf, jobPath } from "./jobs-api.ts";

/** The SWR key of a kind's list, to refresh it after a change. */
export const jobListKey = (kind: JobKind) => JOB_PATHS[kind];

/** The user's jobs of one kind; polled while any of them is still running. */
export function useJobs<K extends JobKind>(kind: K) {
  const user = useStoredUser();
  return useSWR<JobListOf<K>>(user ? jobListKey(kind) : null, () => fetchJobs(kind), {
    refreshInterval: (data) =>
      data?.items.some((item: { status: JobOf<K>["status"] }) => !isFinished(item.status)) ? JOB_POLL_MS : 0,
  });
}

/** One job, polled every 3 s until it is completed or has failed. */
export function useJob<K extends JobKind>(kind: K, id: string | null) {
  const user = useStoredUser();
  return useSWR<JobOf<K>>(user && id ? jobPath(kind, id) : null, () => fetchJob(kind, id ?? ""), {
    refreshInterval: (data) => (data && isFinished(data.status) ? 0 : JOB_POLL_MS),
  });
}
