import type { Workspace } from "@worker/workspaces/contracts/workspaces.ts";
import { Check } from "lucide-react";
import { useCallback, useEffect, useId } from "react";
import { useSWRConfig } from "swr";
import { useStoredUser } from "../api/session.ts";
import { WORKSPACE_MISSING_EVENT } from "../api/workspace.ts";
import { toast } from "../ui/toast.ts";
import { useDisclosure } from "../ui/use-disclosure.ts";
import { ROLE_WORDS, useSwitchWorkspace, useWorkspaces } from "./use-workspace.ts";
import { storeWorkspace } from "./workspace-choice.ts";
import { WORKSPACES_KEY } from "./workspaces-api.ts";

/**
 * Keeps the stored choice one of the person's workspaces: once removed from one, a call in it is
 * answered 404 (the API client announces it), the list is fetched again, and a choice no longer in
 * it is dropped for the person's own, every page's data fetched again.
 */
function useWorkspaceCheck(): ReturnType<typeof useWorkspaces> {
  const workspaces = useWorkspaces();
  const { mutate } = useSWRConfig();
  const { data, stored, mutate: refetchList } = workspaces;
  useEffect(() => {
    if (!data || !stored || data.items.some((item) => item.id === stored)) return;
    storeWorkspace(null);
    void mutate((key) => key !== WORKSPACES_KEY, undefined, { revalidate: true });
    toast.error("You are no longer a member of that workspace, so Vox shows your own.");
  }, [data, stored, mutate]);
  useEffect(() => {
    const check = () => void refetchList();
    window.addEventListener(WORKSPACE_MISSING_EVENT, check);
    return () => window.removeEventListener(WORKSPACE_MISSING_EVENT, check);
  }, [refetchList]);
  return workspaces;
}

/**
 * Chooses `workspace` and says so; the choice is read by the next call and every page refetches.
 * Another one the person owns (handed to them) is named by its id, as only their own goes without.
 */
function useChoose(): (workspace: Workspace) => void {
  const switchTo = useSwitchWorkspace();
  const ownId = useStoredUser()?.id;
  return useCallback(
    (workspace: Workspace) => {
      void switchTo(workspace.id === ownId ? null : workspace.id);
      toast.success(`Now working in ${workspace.name}.`);
    },
    [switchTo, ownId],
  );
}

/** One workspace to choose, the current one marked (by sight and for screen readers). */
function Choice({
  workspace,
  current,
  className,
  onChoose,
}: {
  workspace: Workspace;
  current: boolean;
  className: string;
  onChoose: (workspace: Workspace) => void;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-current={current ? "true" : undefined}
      onClick={() => onChoose(workspace)}
    >
      <span className="workspace-choice__name">{workspace.name}</span>
      <span className="workspace-choice__role">
        {workspace.role === "owner" ? "Yours" : ROLE_WORDS[workspace.role]}
        {current && <Check aria-hidden="true" size={16} />}
      </span>
    </button>
  );
}

/**
 * The header's workspace menu, for a signed-in person in more than one: which workspace they act
 * in, and the others to switch to. In the wide screen's navigation; phones have `WorkspaceChoices`
 * in their menu. Mounted for everyone signed in (on phones too), as it also keeps the choice valid.
 */
export function WorkspaceSwitcher() {
  const { items, current } = useWorkspaceCheck();
  const choose = useChoose();
  const [open, setOpen, listId, root] = useDisclosure<HTMLDivElement>();
  if (items.length < 2 || !current) return null;
  return (
    <div ref={root} className="workspace-menu">
      <button
        type="button"
        className="workspace-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="workspace-menu__label">Workspace</span>{" "}
        <span className="workspace-menu__current">{current.name}</span>
      </button>
      <ul id={listId} className="account-menu__list workspace-menu__list" aria-label="Switch workspace" hidden={!open}>
        {items.map((workspace) => (
          <li key={workspace.id}>
            <Choice
              workspace={workspace}
              current={workspace.id === current.id}
              className="account-menu__item workspace-choice"
              onChoose={(chosen) => {
                setOpen(false);
                root.current?.querySelector<HTMLElement>("[aria-expanded]")?.focus();
                if (chosen.id !== current.id) choose(chosen);
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * On a phone, whose header has no room for the menu: the workspace the person acts in, by name,
 * which opens the mobile menu and its choice (`WorkspaceChoices`).
 */
export function WorkspaceBadge({ onOpen }: { onOpen: () => void }) {
  const { items, current } = useWorkspaces();
  if (items.length < 2 || !current) return null;
  return (
    <button
      type="button"
      className="workspace-badge mobile-only"
      aria-label={`Workspace: ${current.name}. Open the menu to switch`}
      onClick={onOpen}
    >
      <span className="workspace-menu__current">
        <span className="muted">Workspace:</span> {current.name}
      </span>
    </button>
  );
}

/** The mobile menu's workspaces: the same choice, as a list under the account's links. */
export function WorkspaceChoices({ onChosen }: { onChosen: () => void }) {
  const { items, current } = useWorkspaces();
  const choose = useChoose();
  const id = useId();
  if (items.length < 2 || !current) return null;
  return (
    <section className="workspace-choices" aria-labelledby={id}>
      <h2 id={id} className="workspace-choices__title">
        Workspace
      </h2>
      <ul className="workspace-choices__list">
        {items.map((workspace) => (
          <li key={workspace.id}>
            <Choice
              workspace={workspace}
              current={workspace.id === current.id}
              className="mobile-menu__link workspace-choice"
              onChoose={(chosen) => {
                if (chosen.id !== current.id) choose(chosen);
                onChosen();
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
