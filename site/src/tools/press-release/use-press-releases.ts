import { isFinished, JOB_POLL_MS } from "@contracts/jobs.ts";
import useSWR from "swr";
import { fetchPressRelease, fetchPressReleases, pressReleasePath } from "../../api/analysis.ts";
import { useStoredUser } from "../../api/session.ts";

export const PRESS_RELEASES_KEY = "/api/press-releases";

/** The user's press releases and storage; polled while any of them is still being written. */
export function usePressReleases() {
  const user = useStoredUser();
  return useSWR(user ? PRESS_RELEASES_KEY : null, fetchPressReleases, {
    refreshInterval: (data) => (data?.items.some((item) => !isFinished(item.status)) ? JOB_POLL_MS : 0),
  });
}

/** One job, polled every 3 s until it is completed or has failed. */
export function usePressRelease(id: string | null) {
  const user = useStoredUser();
  return useSWR(user && id ? pressReleasePath(id) : null, () => fetchPressRelease(id ?? ""), {
    refreshInterval: (data) => (data && isFinished(data.status) ? 0 : JOB_POLL_MS),
  });
}
