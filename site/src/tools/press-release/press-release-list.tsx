import { formatBytes } from "@contracts/media.ts";
import type { PressReleaseList as List } from "@contracts/press-releases.ts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { deleteJob } from "../../api/analysis.ts";
import { ConfirmDeleteDialog } from "../../ui/confirm-delete-dialog.tsx";
import { errorMessage } from "../../ui/form-fields.tsx";
import { formatWhen } from "../../ui/format-when.ts";
import { toast } from "../../ui/toast.ts";
import { TOAST_MS } from "../../ui/toast-timing.ts";

const STATUS_LABEL = { queued: "Queued", processing: "Writing", completed: "Ready", error: "Failed" } as const;

interface Props {
  readonly list: List;
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onDeleted: (id: string) => void;
}

/** Past press releases with their state, storage used against the plan, open and delete. */
export function PressReleaseList({ list, selectedId, onSelect, onDeleted }: Props) {
  const [confirming, setConfirming] = useState<List["items"][number] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { used_bytes: used, quota_bytes: quota } = list.storage;

  const remove = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      await deleteJob("press_release", confirming.id);
      onDeleted(confirming.id);
      toast.success("Press release deleted", { duration: TOAST_MS });
      setConfirming(null);
    } catch (error) {
      toast.error(errorMessage(error), { duration: TOAST_MS });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="release-history">
      <h2 id="release-history">Your press releases</h2>
      <p className="storage">
        {quota === null ? (
          <>{formatBytes(used)} of recordings stored (unlimited on your plan)</>
        ) : (
          <>
            <meter min={0} max={quota} value={used} aria-label="Storage used" className="storage__meter" />
            {formatBytes(used)} of {formatBytes(quota)} storage used
          </>
        )}
      </p>
      {list.items.length === 0 ? (
        <p className="muted">None yet. Upload a recording above and your press releases will be kept here.</p>
      ) : (
        <ul className="history">
          {list.items.map((item) => (
            <li key={item.id} className={`history__item${item.id === selectedId ? " history__item--selected" : ""}`}>
              <button
                type="button"
                className="link-button history__text"
                aria-current={item.id === selectedId ? "true" : undefined}
                onClick={() => onSelect(item.id)}
              >
                {item.file_name}
                <span className="muted">
                  {" "}
                  · {formatWhen(item.created_at)} · {formatBytes(item.bytes)}
                </span>
              </button>
              <span className="history__actions">
                <span className={`status-badge status-badge--${item.status}`}>{STATUS_LABEL[item.status]}</span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Delete the press release from ${item.file_name}`}
                  onClick={() => setConfirming(item)}
                >
                  <Trash2 aria-hidden="true" size={18} />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDeleteDialog
          title="Delete this press release?"
          description={`The release and the recording “${confirming.file_name}” will be deleted for good, freeing ${formatBytes(confirming.bytes)}.`}
          busy={deleting}
          onCancel={() => setConfirming(null)}
          onConfirm={remove}
        />
      )}
    </section>
  );
}
