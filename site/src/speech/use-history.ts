import { API } from "@contracts/api-paths.ts";
import useSWR, { type ScopedMutator } from "swr";
import { useStoredUser } from "../api/session.ts";
import { fetchHistory } from "./speech-api.ts";

/** The signed-in user's generated audio, newest first. */
export function useAudioHistory() {
  const user = useStoredUser();
  return useSWR(user ? API.history.path.list : null, fetchHistory);
}

/**
 * The Worker records a generation once its copy is stored, just after the stream ends; refresh the
 * history until that item shows (a few tries), so it appears without a reload.
 */
export async function refreshHistoryUntil(mutate: ScopedMutator, id: string | null): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const history = (await mutate(API.history.path.list)) as Awaited<ReturnType<typeof fetchHistory>> | undefined;
    if (!id || history?.items.some((item) => item.id === id)) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
