import { isFinished, JOB_POLL_MS } from "@contracts/jobs.ts";
import useSWR from "swr";
import { fetchSentimentJob, fetchSentimentJobs, sentimentJobPath } from "../../api/analysis.ts";
import { useStoredUser } from "../../api/session.ts";

export const SENTIMENT_JOBS_KEY = "/api/sentiment";

/** The user's kept sentiment reports; polled while any of them is still being made. */
export function useSentimentJobs() {
  const user = useStoredUser();
  return useSWR(user ? SENTIMENT_JOBS_KEY : null, fetchSentimentJobs, {
    refreshInterval: (data) => (data?.items.some((item) => !isFinished(item.status)) ? JOB_POLL_MS : 0),
  });
}

/** One report job, polled until it is completed or has failed. */
export function useSentimentJob(id: string | null) {
  const user = useStoredUser();
  return useSWR(user && id ? sentimentJobPath(id) : null, () => fetchSentimentJob(id ?? ""), {
    refreshInterval: (data) => (data && isFinished(data.status) ? 0 : JOB_POLL_MS),
  });
}
