import { formatBytes } from "@contracts/media.ts";
import type { SentimentJobList } from "@contracts/sentiment.ts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { deleteJob } from "../../api/analysis.ts";
import { ConfirmDeleteDialog } from "../../ui/confirm-delete-dialog.tsx";
import { errorMessage } from "../../ui/form-fields.tsx";
import { formatWhen } from "../../ui/format-when.ts";
import { toast } from "../../ui/toast.ts";
import { TOAST_MS } from "../../ui/toast-timing.ts";

const STATUS_LABEL = { queued: "Queued", processing: "Analysing", completed: "Ready", error: "Failed" } as const;

type Item = SentimentJobList["items"][number];

interface Props {
  readonly list: SentimentJobList;
  readonly onOpen: (id: string) => void;
  readonly onDeleted: (id: string) => void;
}

/** Kept sentiment reports: open one to read or export it again, or delete it. */
export function SentimentHistory({ list, onOpen, onDeleted }: Props) {
  const [confirming, setConfirming] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      await deleteJob("sentiment", confirming.id);
      onDeleted(confirming.id);
      toast.success("Report deleted", { duration: TOAST_MS });
      setConfirming(null);
    } catch (error) {
      toast.error(errorMessage(error), { duration: TOAST_MS });
    } finally {
      setDeleting(false);
    }
  };

  if (list.items.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="sentiment-history">
      <h2 id="sentiment-history">Your past reports</h2>
      <ul className="history">
        {list.items.map((item) => (
          <li key={item.id} className="history__item">
            <button
              type="button"
              className="link-button history__text"
              disabled={item.status !== "completed"}
              onClick={() => onOpen(item.id)}
            >
              {item.file_name}
              <span className="muted">
                {" "}
                · {formatWhen(item.created_at)} · {formatBytes(item.bytes)}
                {item.error ? ` · ${item.error}` : ""}
              </span>
            </button>
            <span className="history__actions">
              <span className={`status-badge status-badge--${item.status}`}>{STATUS_LABEL[item.status]}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={`Delete the report on ${item.file_name}`}
                onClick={() => setConfirming(item)}
              >
                <Trash2 aria-hidden="true" size={18} />
              </button>
            </span>
          </li>
        ))}
      </ul>
      {confirming && (
        <ConfirmDeleteDialog
          title="Delete this report?"
          description={
            confirming.recording_kept
              ? `The report and the recording “${confirming.file_name}” will be deleted for good, freeing ${formatBytes(confirming.bytes)}.`
              : `The report on “${confirming.file_name}” will be deleted for good.`
          }
          busy={deleting}
          onCancel={() => setConfirming(null)}
          onConfirm={remove}
        />
      )}
    </section>
  );
}
