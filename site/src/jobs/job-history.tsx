import { LANGUAGE_NAMES, type Language } from "@contracts/languages.ts";
import type { JobKind, JobStatus } from "@worker/jobs/contracts/jobs.ts";
import { formatBytes } from "@worker/recordings/contracts/media.ts";
import { Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ConfirmDeleteDialog } from "../ui/confirm-delete-dialog.tsx";
import { errorMessage } from "../ui/form-fields.tsx";
import { formatWhen } from "../ui/format-when.ts";
import { IconButton } from "../ui/icon-button.tsx";
import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";
import { deleteJob } from "./jobs-api.ts";

/** What every job kind's list item has. */
interface JobItem {
  readonly id: string;
  readonly file_name: string;
  readonly bytes: number;
  readonly created_at: string;
  readonly status: JobStatus;
  readonly error?: string;
  readonly language: Language;
}

/** How one tool names its jobs in the list, its dialog and its toasts. */
export interface JobWords<T extends JobItem> {
  readonly heading: string;
  readonly headingId: string;
  /** The word for `processing`: what the job is doing. */
  readonly working: string;
  readonly deleteLabel: (item: T) => string;
  readonly confirmTitle: string;
  readonly confirmDescription: (item: T) => string;
  readonly deleted: string;
}

interface Props<T extends JobItem> {
  readonly kind: JobKind;
  readonly items: readonly T[];
  readonly words: JobWords<T>;
  readonly selectedId?: string | null;
  /** Whether an item can be opened yet (by default, always). */
  readonly canOpen?: (item: T) => boolean;
  readonly onOpen: (id: string) => void;
  readonly onDeleted: (id: string) => void;
  /** False for a viewer in the workspace, who opens jobs but deletes none (the caller knows the role). */
  readonly canDelete: boolean;
  /** Shown under the heading (the storage meter). */
  readonly summary?: ReactNode;
  /** Shown instead of an empty list; without it an empty list shows nothing at all. */
  readonly empty?: ReactNode;
}

/** A tool's past jobs with their state: open one, or delete it after a confirmation. */
export function JobHistory<T extends JobItem>({
  kind,
  items,
  words,
  selectedId = null,
  canOpen = () => true,
  onOpen,
  onDeleted,
  canDelete,
  summary,
  empty,
}: Props<T>) {
  const [confirming, setConfirming] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  const statusLabel = { queued: "Queued", processing: words.working, completed: "Ready", error: "Failed" } as const;

  const remove = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      await deleteJob(kind, confirming.id);
      onDeleted(confirming.id);
      toast.success(words.deleted, { duration: TOAST_MS });
      setConfirming(null);
    } catch (error) {
      toast.error(errorMessage(error), { duration: TOAST_MS });
    } finally {
      setDeleting(false);
    }
  };

  if (items.length === 0 && empty === undefined) return null;
  return (
    <section className="panel" aria-labelledby={words.headingId}>
      <h2 id={words.headingId}>{words.heading}</h2>
      {summary}
      {items.length === 0 ? (
        empty
      ) : (
        <ul className="history">
          {items.map((item) => (
            <li key={item.id} className={`history__item${item.id === selectedId ? " history__item--selected" : ""}`}>
              <button
                type="button"
                className="link-button history__text"
                aria-current={item.id === selectedId ? "true" : undefined}
                disabled={!canOpen(item)}
                onClick={() => onOpen(item.id)}
              >
                {item.file_name}
                <span className="muted">
                  {" "}
                  · {formatWhen(item.created_at)} · {formatBytes(item.bytes)}
                  {item.language === "en" ? "" : " · "}
                  {item.language === "en" ? null : <span lang={item.language}>{LANGUAGE_NAMES[item.language]}</span>}
                  {item.error ? ` · ${item.error}` : ""}
                </span>
              </button>
              <span className="history__actions">
                <span className={`status-badge status-badge--${item.status}`}>{statusLabel[item.status]}</span>
                {canDelete && (
                  <IconButton label={words.deleteLabel(item)} icon={Trash2} onClick={() => setConfirming(item)} />
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDeleteDialog
          title={words.confirmTitle}
          description={words.confirmDescription(confirming)}
          busy={deleting}
          onCancel={() => setConfirming(null)}
          onConfirm={remove}
        />
      )}
    </section>
  );
}
