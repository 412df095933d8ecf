import { useSyncExternalStore } from "react";
import { SESSION_CHANGE_EVENT, STORAGE_KEYS, subscribeToStored } from "./session.ts";

/**
 * The workspace the person acts in, kept in localStorage (`vox_workspace`) and named on every API
 * call in the `x-vox-workspace` header; none means their own. Kept apart from the workspaces
 * contract, whose schemas (and zod with them) would otherwise ride in every page's first load:
 * tests/site/workspaces-client.test.tsx holds these names to the contract's.
 */
export const WORKSPACE_HEADER = "x-vox-workspace";

/** Fired when this tab chooses another workspace (or drops one that is no longer the person's). */
export const WORKSPACE_CHANGE_EVENT = "vox:workspace-change";

/** Fired when a call named a workspace and was answered 404: it may no longer be the person's. */
export const WORKSPACE_MISSING_EVENT = "vox:workspace-missing";

export function storedWorkspace(): string | null {
  return localStorage.getItem(STORAGE_KEYS.workspace) || null;
}

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
