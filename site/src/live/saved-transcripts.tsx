import type { SavedTranscript } from "@worker/live/contracts/live.ts";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useStoredUser } from "../api/session.ts";
import { formatElapsed } from "../tools/use-recorder.ts";
import { LazyTranscriptViewer } from "../transcripts/lazy-transcript-viewer.ts";
import { fetchTranscriptExport, renameSpeaker } from "../transcripts/transcripts-api.ts";
import { ConfirmDeleteDialog } from "../ui/confirm-delete-dialog.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { errorMessage, TextField } from "../ui/form-fields.tsx";
import { formatWhen } from "../ui/format-when.ts";
import { IconButton } from "../ui/icon-button.tsx";
import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import {
  deleteTranscript,
  fetchTranscript,
  fetchTranscripts,
  renameTranscript,
  TRANSCRIPTS_KEY,
  transcriptPath,
} from "./live-api.ts";
import { CopyTranscript } from "./transcript-actions.tsx";
import { segmentOf, transcriptText } from "./transcript-export.ts";

const titleOf = (item: SavedTranscript) => item.title || `Transcript of ${formatWhen(item.started_at)}`;

/**
 * Every live session is kept: listed newest first with its date, length and first words. A viewer
 * opens, copies and exports them, and renames or deletes none.
 */
export function SavedTranscripts() {
  const user = useStoredUser();
  const { mutate } = useSWRConfig();
  const list = useSWR(user ? TRANSCRIPTS_KEY : null, fetchTranscripts);
  const { canEdit } = useWorkspace();
  const [openId, setOpenId] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<SavedTranscript | null>(null);
  const [confirming, setConfirming] = useState<SavedTranscript | null>(null);
  const [busy, setBusy] = useState(false);
  const [title, setTitle] = useState("");

  if (!list.data) return null;
  const items = list.data.transcripts;

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      await mutate(TRANSCRIPTS_KEY);
      toast.success(done, { duration: TOAST_MS });
      setRenaming(null);
      setConfirming(null);
    } catch (error) {
      toast.error(errorMessage(error), { duration: TOAST_MS });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="saved-transcripts">
      <h2 id="saved-transcripts">Saved transcripts</h2>
      {items.length === 0 ? (
        <p className="muted">
          {canEdit
            ? "None yet. Every recording you make is saved here."
            : "None yet. Every recording the workspace's editors make is saved here."}
        </p>
      ) : (
        <ul className="history">
          {items.map((item) => (
            <li key={item.id} className="history__item history__item--saved">
              <button
                type="button"
                className="link-button history__text"
                aria-expanded={openId === item.id}
                onClick={() => setOpenId(openId === item.id ? null : item.id)}
              >
                {titleOf(item)}
                <span className="muted">
                  {item.title ? ` · ${formatWhen(item.started_at)}` : ""} ·{" "}
                  {formatElapsed(item.duration_seconds * 1000)}
                  {item.status === "active" ? " · recording" : ""}
                </span>
                <span className="muted history__preview">{item.preview || "Nothing was said."}</span>
              </button>
              {canEdit && (
                <span className="history__actions">
                  <IconButton
                    label={`Rename ${titleOf(item)}`}
                    icon={Pencil}
                    onClick={() => {
                      setTitle(item.title);
                      setRenaming(item);
                    }}
                  />
                  <IconButton
                    label={`Delete ${titleOf(item)}`}
                    icon={Trash2}
                    disabled={item.status === "active"}
                    onClick={() => setConfirming(item)}
                  />
                </span>
              )}
              {openId === item.id && <OpenTranscript id={item.id} canEdit={canEdit} />}
            </li>
          ))}
        </ul>
      )}
      {renaming && (
        <Dialog title="Rename transcript" onClose={() => setRenaming(null)}>
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              void act(() => renameTranscript(renaming.id, title), "Transcript renamed");
            }}
          >
            <TextField
              label="Name"
              value={title}
              maxLength={120}
              required
              onChange={(event) => setTitle(event.target.value)}
            />
            <div className="dialog__actions">
              <button type="submit" className="button button--primary" disabled={busy || !title.trim()}>
                Save name
              </button>
            </div>
          </form>
        </Dialog>
      )}
      {confirming && (
        <ConfirmDeleteDialog
          title="Delete this transcript?"
          description={`“${titleOf(confirming)}” will be deleted for good.`}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void act(() => deleteTranscript(confirming.id), "Transcript deleted")}
        />
      )}
    </section>
  );
}

function OpenTranscript({ id, canEdit }: { id: string; canEdit: boolean }) {
  const { data, error } = useSWR(transcriptPath(id), () => fetchTranscript(id));
  if (error) return <p className="field__error">This transcript could not be loaded.</p>;
  if (!data) return <p className="muted">Loading…</p>;
  const segments = data.segments.map(segmentOf);
  const path = transcriptPath(id);
  return (
    <section className="history__detail" aria-label={`Transcript: ${titleOf(data)}`}>
      {data.utterances?.length ? (
        <>
          <LazyTranscriptViewer
            utterances={data.utterances}
            speakerNames={data.speaker_names}
            renameSpeaker={canEdit ? (label, name) => renameSpeaker(path, label, name) : undefined}
            exportAs={(format) => fetchTranscriptExport(path, format, "vox-transcript")}
          />
          <div className="button-row">
            <CopyTranscript text={transcriptText(segments)} />
          </div>
        </>
      ) : (
        <p>Nothing was said.</p>
      )}
    </section>
  );
}
