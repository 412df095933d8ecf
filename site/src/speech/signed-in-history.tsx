import { useStoredUser } from "../api/session.ts";
import { lazyWhenShown } from "../ui/lazy-named.ts";

const HistoryPanel = lazyWhenShown(() => import("./history-panel.tsx"), "HistoryPanel");

/** A signed-in user's past generations; a visitor never loads the panel's code. */
export function SignedInHistory({ kind }: { kind: "tts" | "voice-conversion" }) {
  return useStoredUser() ? <HistoryPanel kind={kind} /> : null;
}
