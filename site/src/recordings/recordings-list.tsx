import { formatBytes } from "@worker/recordings/contracts/media.ts";
import type { Recording, RecordingUse } from "@worker/recordings/contracts/recordings.ts";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { jobListKey } from "../jobs/use-jobs.ts";
import { ConfirmDeleteDialog } from "../ui/confirm-delete-dialog.tsx";
import { errorMessage } from "../ui/form-fields.tsx";
import { formatWhen } from "../ui/format-when.ts";
import { IconButton } from "../ui/icon-button.tsx";
import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { ViewerNote } from "../workspaces/viewer-note.tsx";
import { listed, useName } from "./recording-uses.ts";
import { deleteRecording } from "./recordings-api.ts";
import { RECORDINGS_KEY, useRecordings } from "./use-recordings.ts";

const STATUS = { queued: "queued", processing: "in progress", completed: "ready", error: "failed" } as const;

const useLabel = (use: RecordingUse) => `${useName(use)} (${STATUS[use.status]})`;

function confirmation(recording: Recording): string {
  const what = `“${recording.file_name}” will be deleted for good, freeing ${formatBytes(recording.bytes)}.`;
  if (recording.used_by.length === 0) return `${what} Nothing uses it.`;
  return `${what} It is used by ${listed(recording.used_by.map(useName))}, which keep their text and report but no longer the recording.`;
}

function outcome(fileName: string, usedBy: readonly RecordingUse[]): string {
  if (usedBy.length === 0) return `Deleted “${fileName}”. Nothing used it.`;
  return `Deleted “${fileName}”. It was used by ${listed(usedBy.map(useName))}; they are kept, without the recording.`;
}

/**
 * Settings → Recordings: every kept upload, what uses it, and Delete after saying what uses it
 * (not for a viewer, who sees the list).
 */
export function RecordingsList() {
  const { data, error } = useRecordings();
  const { canEdit } = useWorkspace();
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState<Recording | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [said, setSaid] = useState("");

  const remove = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      const answer = await deleteRecording(confirming.id);
      setSaid(outcome(confirming.file_name, answer.used_by));
      setConfirming(null);
      await Promise.all([mutate(RECORDINGS_KEY), mutate(jobListKey("press_release")), mutate(jobListKey("sentiment"))]);
    } catch (failure) {
      toast.error(errorMessage(failure), { duration: TOAST_MS });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section aria-labelledby="recordings-heading">
      <h2 id="recordings-heading">Recordings</h2>
      <p className="muted">
        Files over 8 MB you upload to VoxRelease or Vox Sentiment are kept here until you delete them, so any tool can
        use them without uploading again. Each counts once towards your storage.
      </p>
      <ViewerNote />
      <p role="status" className="recordings__said">
        {said}
      </p>
      {error && !data && (
        <p className="field__error" role="alert">
          Your recordings could not be loaded. Please try again.
        </p>
      )}
      {data && (
        <p className="storage">
          {data.storage.quota_bytes === null
            ? `${formatBytes(data.storage.used_bytes)} stored (unlimited on your plan)`
            : `${formatBytes(data.storage.used_bytes)} of ${formatBytes(data.storage.quota_bytes)} storage used`}
        </p>
      )}
      {data && data.items.length === 0 && <p className="muted">No recordings kept.</p>}
      {data && data.items.length > 0 && (
        <ul className="history" aria-label="Your recordings">
          {data.items.map((recording) => (
            <li key={recording.id} className="history__item">
              <span className="history__text">
                {recording.file_name}
                <span className="muted">
                  {" "}
                  · {formatBytes(recording.bytes)} · {formatWhen(recording.created_at)}
                </span>
                <span className="history__preview muted">
                  {recording.used_by.length === 0
                    ? "Not used yet"
                    : `Used by ${listed(recording.used_by.map(useLabel))}`}
                </span>
              </span>
              {canEdit && (
                <span className="history__actions">
                  <IconButton
                    label={`Delete the recording ${recording.file_name}`}
                    icon={Trash2}
                    onClick={() => {
                      setSaid("");
                      setConfirming(recording);
                    }}
                  />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDeleteDialog
          title="Delete this recording?"
          description={confirmation(confirming)}
          busy={deleting}
          onCancel={() => setConfirming(null)}
          onConfirm={remove}
        />
      )}
    </section>
  );
}
