import { API } from "@contracts/api-paths.ts";
import type { Role, Workspace } from "@worker/workspaces/contracts/workspaces.ts";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useStoredUser } from "../api/session.ts";
import { storeWorkspace, useStoredWorkspace } from "./workspace-choice.ts";
import { fetchWorkspace, fetchWorkspaces, WORKSPACES_KEY } from "./workspaces-api.ts";

/** What each role is called on the site. */
export const ROLE_WORDS: Readonly<Record<Role, string>> = {
  owner: "Owner",
  admin: "Admin",
  editor: "Editor",
  viewer: "Viewer",
};

/**
 * The workspaces the signed-in person belongs to and the one they act in: the stored choice while
 * it is in the list, else their own (the one with their id: they may own others, handed to them).
 */
export function useWorkspaces() {
  const user = useStoredUser();
  const stored = useStoredWorkspace();
  const list = useSWR(user ? WORKSPACES_KEY : null, fetchWorkspaces);
  const items = list.data?.items ?? [];
  const current =
    items.find((item) => item.id === stored) ??
    items.find((item) => item.id === user?.id) ??
    items.find((item) => item.role === "owner") ??
    items[0];
  return { ...list, items, current, stored };
}

interface CurrentWorkspace {
  /** Undefined until the Worker has answered. */
  readonly workspace: Workspace | undefined;
  readonly role: Role | undefined;
  /** Whether the person may create, edit and delete work here; true until known, the Worker refusing what it must. */
  readonly canEdit: boolean;
  /** Whether they manage members (owner or admin). */
  readonly canManage: boolean;
}

/** The workspace the person acts in (`GET /api/workspace`) and their role in it. */
export function useWorkspace(): CurrentWorkspace {
  const user = useStoredUser();
  const stored = useStoredWorkspace();
  const { data } = useSWR(user ? [API.workspace.path.workspace, stored ?? ""] : null, fetchWorkspace);
  const role = data?.role;
  return {
    workspace: data,
    role,
    canEdit: role !== "viewer",
    canManage: role === "owner" || role === "admin",
  };
}

/**
 * Acts in `id` from now on (`null`: the person's own) and fetches again everything the site shows,
 * so no page goes on showing the previous workspace's work. What was shown is dropped first; the
 * list of workspaces is kept, as it is the same in every one.
 */
export function useSwitchWorkspace(): (id: string | null) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string | null) => {
      storeWorkspace(id);
      await mutate((key) => key !== WORKSPACES_KEY, undefined, { revalidate: true });
    },
    [mutate],
  );
}
