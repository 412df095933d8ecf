import type { Distribution, Recipient } from "@worker/distribution/contracts/distribution.ts";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router-dom";
import useSWR from "swr";
import { PATHS } from "../paths.ts";
import { errorMessage, TextField } from "../ui/form-fields.tsx";
import { formatWhen } from "../ui/format-when.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import {
  CONTACT_TAGS_KEY,
  CONTACTS_TOTAL_KEY,
  distributionPath,
  fetchContactsTotal,
  fetchContactTags,
  fetchDistribution,
  sendRelease,
} from "./distribution-api.ts";

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

/** While e-mails are still going out, the figures are read again this often. */
const SENDING_REFRESH_MS = 2000;

/**
 * Sends the release to the media list (everyone, or the contacts of some tags), with an optional
 * subject; each contact gets it once however often Send is pressed. Not shown to a viewer, who
 * cannot send: the distribution beside it says whom it went to.
 */
export function SendPanel({ releaseId }: { releaseId: string }) {
  const id = useId();
  const { canEdit } = useWorkspace();
  const { data: total } = useSWR(canEdit ? CONTACTS_TOTAL_KEY : null, fetchContactsTotal, { revalidateOnFocus: false });
  const { data: tagList } = useSWR(canEdit ? CONTACT_TAGS_KEY : null, fetchContactTags, { revalidateOnFocus: false });
  const { mutate } = useSWR(distributionPath(releaseId), fetchDistribution);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [subject, setSubject] = useState("");
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tags = tagList?.tags ?? [];

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (picking && picked.length === 0) {
      setError("Pick at least one tag, or send to everyone on the list.");
      return;
    }
    setBusy(true);
    setError(null);
    setSaid(null);
    try {
      const answer = await sendRelease(releaseId, {
        ...(picking ? { tags: [...picked] } : {}),
        ...(subject.trim() ? { subject: subject.trim() } : {}),
      });
      setSaid(
        answer.queued > 0
          ? `Sending to ${plural(answer.queued, "contact", "contacts")}.${answer.already_sent > 0 ? ` ${plural(answer.already_sent, "contact has", "contacts have")} it already.` : ""}`
          : `Everyone picked has this release already (${plural(answer.already_sent, "contact", "contacts")}).`,
      );
      await mutate();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (tag: string) =>
    setPicked((now) => (now.includes(tag) ? now.filter((kept) => kept !== tag) : [...now, tag]));

  if (!canEdit) return null;
  return (
    <section className="release__send" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Send to your media list</h3>
      {total === 0 ? (
        <p className="muted">
          No contacts yet — import them in <Link to={`${PATHS.settings}#contacts`}>Settings › Contacts</Link>.
        </p>
      ) : (
        <form className="release__send-form" aria-label="Send the release" onSubmit={send} noValidate>
          <fieldset className="release__send-to">
            <legend>Send to</legend>
            <label className="checkbox">
              <input type="radio" name={`${id}-to`} checked={!picking} onChange={() => setPicking(false)} />
              Everyone on the list
            </label>
            <label className="checkbox">
              <input
                type="radio"
                name={`${id}-to`}
                checked={picking}
                disabled={tags.length === 0}
                onChange={() => setPicking(true)}
              />
              Contacts with these tags{tags.length === 0 ? " (your contacts have no tags)" : ""}
            </label>
            {picking && (
              <ul className="release__send-tags" aria-label="Tags">
                {tags.map((tag) => (
                  <li key={tag}>
                    <label className="checkbox">
                      <input type="checkbox" checked={picked.includes(tag)} onChange={() => toggle(tag)} />
                      {tag}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          <TextField
            label="Subject (optional)"
            hint="The release's headline when left empty."
            value={subject}
            maxLength={200}
            onChange={(event) => setSubject(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Sending…" : "Send"}
          </button>
        </form>
      )}
      {said && <p role="status">{said}</p>}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

const STATUS_LABELS: Record<Recipient["status"], string> = {
  queued: "Sending",
  sent: "Sent",
  failed: "Not delivered",
  bounced: "Bounced",
  complained: "Marked as spam",
  unsubscribed: "Unsubscribed",
};

const FIGURES: readonly { key: keyof Omit<Distribution, "recipients">; label: string }[] = [
  { key: "sent", label: "Sent" },
  { key: "opened", label: "Opened" },
  { key: "clicked", label: "Clicked" },
  { key: "unsubscribed", label: "Unsubscribed" },
  { key: "bounced", label: "Bounced" },
];

/** Whom the release went to and what they did with it: opens, clicks, unsubscribes and bounces. */
export function DistributionPanel({ releaseId }: { releaseId: string }) {
  const id = useId();
  const { data, error, mutate, isValidating } = useSWR(distributionPath(releaseId), fetchDistribution, {
    refreshInterval: (latest) =>
      latest?.recipients.some((recipient) => recipient.status === "queued") ? SENDING_REFRESH_MS : 0,
  });
  return (
    <section className="release__distribution" aria-labelledby={`${id}-title`} aria-busy={!data && !error}>
      <h3 id={`${id}-title`}>Distribution</h3>
      {error && (
        <p className="field__error" role="alert">
          The figures could not be loaded. Refresh the page to try again.
        </p>
      )}
      {data && (
        <>
          <dl className="release__figures" aria-label="Figures">
            {FIGURES.map(({ key, label }) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{data[key].toLocaleString("en")}</dd>
              </div>
            ))}
          </dl>
          <button type="button" className="button" onClick={() => void mutate()} disabled={isValidating}>
            Refresh figures
          </button>
          {data.recipients.length === 0 ? (
            <p className="muted">Not sent to anyone yet.</p>
          ) : (
            <ul className="history release__recipients" aria-label="Recipients">
              {data.recipients.map((recipient) => (
                <li key={recipient.email} className="history__item">
                  <span className="history__text">
                    <span className="release__recipient">{recipient.email}</span>
                    <span className="history__preview muted">
                      {[
                        recipient.outlet,
                        STATUS_LABELS[recipient.status],
                        recipient.opened_at ? `opened ${formatWhen(recipient.opened_at)}` : null,
                        recipient.clicked_at ? `clicked ${formatWhen(recipient.clicked_at)}` : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
