import { API } from "@contracts/api-paths.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { PLANS } from "@worker/billing/contracts/plans.ts";
import {
  type HandedOver,
  type Invitation,
  type InvitationBody,
  invitationBody,
  MEMBER_ROLES,
  type Member,
  type MemberRole,
  type Workspace,
} from "@worker/workspaces/contracts/workspaces.ts";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router-dom";
import useSWR, { useSWRConfig } from "swr";
import { ApiError } from "../api/client.ts";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { ConfirmDeleteDialog } from "../ui/confirm-delete-dialog.tsx";
import { errorMessage, fieldsOf, showServerFieldErrors, TextField, VERBATIM_INPUT } from "../ui/form-fields.tsx";
import { formatDay } from "../ui/format-when.ts";
import { toast } from "../ui/toast.ts";
import { AuditLog } from "./audit-log.tsx";
import { HandOverDialog } from "./hand-over-dialog.tsx";
import { LeaveWorkspace } from "./leave-workspace.tsx";
import { ROLE_WORDS, useSwitchWorkspace, useWorkspace } from "./use-workspace.ts";
import { useStoredWorkspace } from "./workspace-choice.ts";
import {
  changeRole,
  fetchInvitations,
  fetchMembers,
  invite,
  removeMember,
  revokeInvitation,
  WORKSPACES_KEY,
} from "./workspaces-api.ts";

/** A workspace route's SWR key: its path and the workspace asked about, so a switch never shows another's. */
const keyIn = (path: string, workspace: string | null) => [path, workspace ?? ""] as const;
const isKeyOf = (path: string) => (key: unknown) => Array.isArray(key) && key[0] === path;

/** What each role may do, said where a role is chosen. */
const ROLE_HINT =
  "A viewer reads, plays and exports; an editor also creates, edits and deletes work; an admin also manages the team.";

const yearly = PLANS.find((plan) => plan.id === "yearly");

/** How many seats are taken, or, on a plan of one seat, what a plan with more would give. */
function SeatsLine({ workspace, waiting }: { workspace: Workspace; waiting: number }) {
  const { used, limit } = workspace.seats;
  if (limit <= 1) {
    const plan = PLANS.find((candidate) => candidate.seats === limit)?.name;
    return (
      <p className="team__seats">
        {workspace.role === "owner" ? "Your" : "This workspace's"} {plan ? `${plan} plan` : "plan"} has you alone
        {yearly?.seats ? `; ${yearly.name} has ${yearly.seats} seats` : ""}.{" "}
        <Link to={PATHS.pricing}>Compare plans</Link>
      </p>
    );
  }
  return (
    <p className="team__seats">
      {used} of {limit} seats used
      {waiting > 0 && `, ${waiting} held for ${waiting === 1 ? "an invitation" : "invitations"} waiting to be accepted`}
      .
      {used + waiting >= limit && workspace.role === "owner" && (
        <>
          {" "}
          <Link to={PATHS.pricing}>More seats</Link>
        </>
      )}
    </p>
  );
}

function RoleSelect({ member, onChange }: { member: Member; onChange: (role: MemberRole) => void }) {
  const id = useId();
  return (
    <span className="team__role-select">
      <label className="visually-hidden" htmlFor={id}>
        Role of {member.name}
      </label>
      <select
        id={id}
        className="field__input"
        value={member.role}
        onChange={(event) => onChange(event.target.value as MemberRole)}
      >
        {MEMBER_ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_WORDS[role]}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The invitation form: an e-mail and a role; the Worker's refusals shown at the field or the form. */
function InviteForm({ onInvited }: { onInvited: (invitation: Invitation) => void }) {
  const id = useId();
  const [problem, setProblem] = useState("");
  const { register, handleSubmit, formState, setError, reset } = useForm<InvitationBody>({
    resolver: zodResolver(invitationBody),
    mode: "onTouched",
    defaultValues: { email: "", role: "editor" },
  });
  const onSubmit = handleSubmit(async (body) => {
    setProblem("");
    try {
      onInvited(await invite(body));
      reset();
    } catch (error) {
      // Already a member or invited: the address is what to change.
      if (error instanceof ApiError && error.status === 409) setError("email", { message: error.message });
      else if (error instanceof ApiError && Object.keys(error.errors).length > 0)
        showServerFieldErrors(error, setError, { email: "email", role: "role" });
      // No seat left (402) and anything else: the reason, in the Worker's words.
      else setProblem(errorMessage(error));
    }
  });
  const field = fieldsOf(register, formState.errors);
  return (
    <form className="team__invite" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Invite someone</h3>
      <div className="team__invite-fields">
        <TextField label="E-mail" type="email" {...VERBATIM_INPUT} {...field("email")} />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-role`}>
            Role
          </label>
          <select id={`${id}-role`} className="field__input" aria-describedby={`${id}-role-hint`} {...register("role")}>
            {MEMBER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_WORDS[role]}
              </option>
            ))}
          </select>
          <p className="field__hint" id={`${id}-role-hint`}>
            {ROLE_HINT}
          </p>
        </div>
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={formState.isSubmitting}
        aria-busy={formState.isSubmitting}
      >
        {formState.isSubmitting ? "Sending…" : "Send invitation"}
      </button>
    </form>
  );
}

/** The invitations waiting to be accepted, each revoked with one press. */
function PendingInvitations({ onSaid }: { onSaid: (said: string) => void }) {
  const stored = useStoredWorkspace();
  const { data, error, mutate } = useSWR(keyIn(API.workspace.path.invitations, stored), fetchInvitations);
  const revoke = async (invitation: Invitation) => {
    try {
      await revokeInvitation(invitation.id);
      onSaid(`The invitation to ${invitation.email} was revoked.`);
      await mutate();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  if (error && !data)
    return (
      <p className="field__error" role="alert">
        The invitations could not be loaded. Please try again.
      </p>
    );
  if (!data) return null;
  if (data.items.length === 0) return <p className="muted">No invitations are waiting to be accepted.</p>;
  return (
    <section aria-labelledby="team-invitations">
      <h3 id="team-invitations">Waiting to accept</h3>
      <ul className="history">
        {data.items.map((invitation) => (
          <li key={invitation.id} className="history__item">
            <span className="history__text">
              {invitation.email}
              <span className="history__preview muted">
                {ROLE_WORDS[invitation.role]} · the link works until {formatDay(invitation.expires_at.slice(0, 10))}
              </span>
            </span>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={`Revoke the invitation to ${invitation.email}`}
              onClick={() => void revoke(invitation)}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Settings › Team: the people in the workspace the person acts in and their roles, the seats, and
 * for an owner or admin the invitations, role changes, removals and the audit log. The owner may
 * hand the workspace over to a member; whoever is not the owner may leave.
 */
export function TeamPanel() {
  const user = useStoredUser();
  const stored = useStoredWorkspace();
  const { workspace, canManage } = useWorkspace();
  const members = useSWR(keyIn(API.workspace.path.members, stored), fetchMembers);
  // The same key as the waiting list below, so one request serves both; only managers may read it.
  const invitations = useSWR(canManage ? keyIn(API.workspace.path.invitations, stored) : null, fetchInvitations);
  const [said, setSaid] = useState("");
  // Each change made here is in the audit log at once; the log asks again when this moves on.
  const [changes, setChanges] = useState(0);
  const changed = () => setChanges((count) => count + 1);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const [handingTo, setHandingTo] = useState<Member | null>(null);
  // The dialog's opener, or the heading once the workspace is handed over and the opener is gone.
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (handingTo) return;
    returnFocus.current?.focus();
    returnFocus.current = null;
  }, [handingTo]);
  const switchTo = useSwitchWorkspace();
  const { mutate } = useSWRConfig();
  // Seats are counted in the workspace and in the header's list.
  const refreshSeats = () =>
    Promise.all([mutate(WORKSPACES_KEY), mutate(isKeyOf(API.workspace.path.workspace))]).then(() => undefined);

  const setRole = async (member: Member, role: MemberRole) => {
    try {
      await changeRole(member.user_id, role);
      setSaid(`${member.name} is now ${ROLE_WORDS[role].toLowerCase()}.`);
      changed();
      await members.mutate();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeMember(removing.user_id);
      setSaid(`${removing.name} (${removing.email}) was removed and has lost access.`);
      setRemoving(null);
      changed();
      await Promise.all([members.mutate(), refreshSeats()]);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const handedOver = (answer: HandedOver) => {
    returnFocus.current = heading.current;
    setHandingTo(null);
    toast.success(answer.message);
    // By its id, as the workspace one signed up with is no longer one's own once handed over. A
    // switch fetches the team again but keeps the list of workspaces, whose roles have changed.
    void Promise.all([switchTo(answer.workspace.id), mutate(WORKSPACES_KEY)]);
  };

  const me = members.data?.items.find((member) => member.email === user?.email);
  return (
    <section className="team" aria-labelledby="team-heading" aria-busy={!members.data && !members.error}>
      <h2 id="team-heading" ref={heading} tabIndex={-1}>
        {workspace ? `Team of ${workspace.name}` : "Team"}
      </h2>
      {workspace && <SeatsLine workspace={workspace} waiting={invitations.data?.items.length ?? 0} />}
      <p role="status" className="team__said">
        {said}
      </p>
      {members.error && !members.data && (
        <p className="field__error" role="alert">
          The team could not be loaded. Please try again.
        </p>
      )}
      {members.data && (
        <ul className="history" aria-label="Members">
          {members.data.items.map((member) => {
            const manageable = canManage && member.role !== "owner" && member.user_id !== me?.user_id;
            return (
              <li key={member.user_id} className="history__item team__member">
                <span className="history__text">
                  {member.name}
                  {member.user_id === me?.user_id && " (you)"}
                  <span className="history__preview muted">{member.email}</span>
                </span>
                <span className="history__actions team__member-actions">
                  {manageable ? (
                    <>
                      <RoleSelect member={member} onChange={(role) => void setRole(member, role)} />
                      {workspace?.role === "owner" && (
                        <button
                          type="button"
                          className="button button--small button--ghost"
                          aria-label={`Make ${member.name} the owner`}
                          onClick={(event) => {
                            returnFocus.current = event.currentTarget;
                            setSaid("");
                            setHandingTo(member);
                          }}
                        >
                          Make owner
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        aria-label={`Remove ${member.name} (${member.email})`}
                        onClick={() => {
                          setSaid("");
                          setRemoving(member);
                        }}
                      >
                        Remove
                      </button>
                    </>
                  ) : (
                    <span className="team__role">{ROLE_WORDS[member.role]}</span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {canManage && (
        <>
          {/* A plan of one seat would refuse any invitation: the seats line offers the plans instead. */}
          {workspace && workspace.seats.limit > 1 && (
            <InviteForm
              onInvited={(invitation) => {
                setSaid(`An invitation is on its way to ${invitation.email}.`);
                changed();
                void mutate(isKeyOf(API.workspace.path.invitations));
              }}
            />
          )}
          <PendingInvitations
            onSaid={(revoked) => {
              setSaid(revoked);
              changed();
            }}
          />
          <AuditLog changes={changes} />
        </>
      )}
      {workspace && me && workspace.role !== "owner" && <LeaveWorkspace workspace={workspace} me={me} />}
      {workspace && handingTo && (
        <HandOverDialog
          workspace={workspace}
          member={handingTo}
          onHandedOver={handedOver}
          onRefused={(message) => {
            toast.error(message);
            setHandingTo(null);
            // The member has left, or the person is no longer the owner: the panel shows which.
            void Promise.all([members.mutate(), mutate(isKeyOf(API.workspace.path.workspace))]);
          }}
          onCancel={() => setHandingTo(null)}
        />
      )}
      {removing && (
        <ConfirmDeleteDialog
          title={`Remove ${removing.name}?`}
          description={`${removing.name} (${removing.email}) loses access to this workspace's work at once: open live sessions end and their links stop working.`}
          busy={busy}
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove()}
        />
      )}
    </section>
  );
}
