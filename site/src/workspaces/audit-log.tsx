import type { AuditAction, AuditPage } from "@worker/workspaces/contracts/workspaces.ts";
import { useEffect } from "react";
import useSWRInfinite from "swr/infinite";
import { BusyButton } from "../ui/busy-button.tsx";
import { formatWhen } from "../ui/format-when.ts";
import { useStoredWorkspace } from "./workspace-choice.ts";
import { auditKey, fetchAuditPage } from "./workspaces-api.ts";

/** What each entry records, as a sentence's verb: "Bisi Ola invited ade@example.ng". */
const ACTION_WORDS: Readonly<Record<AuditAction, string>> = {
  "invitation.sent": "invited",
  "invitation.revoked": "revoked the invitation to",
  "invitation.accepted": "accepted the invitation for",
  "member.role_changed": "changed the role of",
  "member.removed": "removed",
  "member.left": "left",
  "owner.handed_over": "handed the workspace over to",
  "data.exported": "downloaded",
  "recording.deleted": "deleted the recording",
  "release.deleted": "deleted the release",
  "release.sent": "sent the release",
  "release.published": "published the release",
  "release.unpublished": "unpublished the release",
  "release.edited": "edited the release",
  "press_kit.edited": "edited",
  "vocabulary.edited": "edited",
  "contacts.imported": "imported",
  "contact.edited": "edited the contact",
  "contact.deleted": "deleted the contact",
};

/**
 * Settings › Team, for an owner or admin: who did what in the workspace, newest first, a page at a
 * time (kept a year).
 */
export function AuditLog({ changes }: { changes: number }) {
  const stored = useStoredWorkspace();
  const pages = useSWRInfinite(
    (index: number, previous: AuditPage | null) => {
      if (index === 0) return `${auditKey(0)}#${stored ?? ""}`;
      return previous?.next_offset != null ? `${auditKey(previous.next_offset)}#${stored ?? ""}` : null;
    },
    (key: string) => fetchAuditPage(key.slice(0, key.lastIndexOf("#"))),
    // "Load more" asks for the next page only.
    { revalidateFirstPage: false },
  );
  const { mutate } = pages;
  // Whatever was just done in Settings › Team is logged: read the newest page again.
  useEffect(() => {
    if (changes > 0) void mutate();
  }, [changes, mutate]);
  const entries = pages.data?.flatMap((page) => page.items) ?? [];
  const more = (pages.data?.at(-1)?.next_offset ?? null) !== null;
  return (
    <section className="team__audit" aria-labelledby="team-audit">
      <h3 id="team-audit">Audit log</h3>
      <p className="muted">
        What was done in this workspace and by whom, kept for a year. Edits show once an hour for each person and each
        thing they edit.
      </p>
      {pages.error && !pages.data && (
        <p className="field__error" role="alert">
          The audit log could not be loaded. Please try again.
        </p>
      )}
      {!pages.data && !pages.error && <p className="muted">Loading the audit log…</p>}
      {pages.data && entries.length === 0 && <p className="muted">Nothing recorded yet.</p>}
      {entries.length > 0 && (
        <ol className="team__audit-list">
          {entries.map((entry) => (
            <li key={`${entry.at}-${entry.action}-${entry.target}-${entry.actor.email}`}>
              <time dateTime={entry.at} className="muted">
                {formatWhen(entry.at)}
              </time>{" "}
              <span>
                <strong>{entry.actor.name}</strong> ({entry.actor.email}) {ACTION_WORDS[entry.action]}{" "}
                <span className="team__audit-target">{entry.target}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {more && (
        <BusyButton
          className="button button--small button--ghost"
          busy={pages.isValidating}
          busyLabel="Loading…"
          onClick={() => void pages.setSize(pages.size + 1)}
        >
          Load more
        </BusyButton>
      )}
    </section>
  );
}
