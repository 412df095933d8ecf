import { useSyncExternalStore } from "react";
import { SESSION_CHANGE_EVENT, STORAGE_KEYS, subscribeToStored } from "../api/session.ts";
import { storedWorkspace } from "../api/workspace.ts";

/** Fired when this tab chooses another workspace (or drops one that is no longer the person's). */
const WORKSPACE_CHANGE_EVENT = "vox:workspace-change";

/** Acts in `id` from the next call on; `null` goes back to the person's own workspace. */
export function storeWorkspace(id: string | null): void {
  if (id === storedWorkspace()) return;
  if (id) localStorage.setItem(STORAGE_KEYS.workspace, id);
  else localStorage.removeItem(STORAGE_KEYS.workspace);
  window.dispatchEvent(new Event(WORKSPACE_CHANGE_EVENT));
}

const onChoice = subscribeToStored(WORKSPACE_CHANGE_EVENT);
// Signing out forgets the workspace too.
const onSession = subscribeToStored(SESSION_CHANGE_EVENT);
const subscribe = (onChange: () => void) => {
  const stopChoice = onChoice(onChange);
  const stopSession = onSession(onChange);
  return () => {
    stopChoice();
    stopSession();
  };
};

/** The stored workspace id, or null for the person's own. */
export function useStoredWorkspace(): string | null {
  return useSyncExternalStore(subscribe, storedWorkspace, () => null);
}
