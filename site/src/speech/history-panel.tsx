import { Download, Play, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { downloadBlob } from "../ui/download.ts";
import { errorMessage } from "../ui/form-fields.tsx";
import { formatWhen } from "../ui/format-when.ts";
import { IconButton } from "../ui/icon-button.tsx";
import { toast } from "../ui/toast.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import { deleteAudio, fetchAudioBlob } from "./speech-api.ts";
import { useAudioHistory } from "./use-history.ts";

/** The workspace's past generations: replay, download, and (not a viewer) delete. */
export function HistoryPanel({ kind }: { kind: "tts" | "voice-conversion" }) {
  const { data, mutate } = useAudioHistory();
  const { canEdit } = useWorkspace();
  const player = useRef<HTMLAudioElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The shared player appears with the first replay; an empty 0:00 player looks broken.
  const [played, setPlayed] = useState(false);
  const items = data?.items.filter((item) => item.kind === kind) ?? [];

  const withBlob = async (id: string, use: (blob: Blob) => void) => {
    setBusy(id);
    try {
      use(await fetchAudioBlob(id));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (id: string) => {
    setBusy(id);
    try {
      await deleteAudio(id);
      await mutate();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  if (!data) return null;
  return (
    <section className="panel" aria-labelledby={`${kind}-history`}>
      <h2 id={`${kind}-history`}>Your recent audio</h2>
      {items.length === 0 ? (
        <p className="muted">
          {canEdit
            ? "Nothing yet. What you generate appears here, ready to replay or download."
            : "Nothing yet. What the workspace's editors generate appears here, ready to replay or download."}
        </p>
      ) : (
        <>
          {/* biome-ignore lint/a11y/useMediaCaption: generated speech has no caption track; its text is listed beside it */}
          <audio ref={player} controls className="history__player" hidden={!played} />
          <ul className="history">
            {items.map((item) => (
              <li key={item.id} className="history__item">
                <span className="history__text">
                  {item.text_excerpt || "Recording"}
                  <span className="muted"> · {formatWhen(item.created_at)}</span>
                </span>
                <span className="history__actions">
                  <IconButton
                    label="Play"
                    icon={Play}
                    disabled={busy === item.id}
                    onClick={() =>
                      withBlob(item.id, (blob) => {
                        if (!player.current) return;
                        player.current.src = URL.createObjectURL(blob);
                        setPlayed(true);
                        player.current.play().catch(() => undefined);
                      })
                    }
                  />
                  <IconButton
                    label="Download mp3"
                    icon={Download}
                    disabled={busy === item.id}
                    onClick={() => withBlob(item.id, (blob) => downloadBlob(blob, `vox-${item.id.slice(0, 8)}.mp3`))}
                  />
                  {canEdit && (
                    <IconButton
                      label="Delete"
                      icon={Trash2}
                      disabled={busy === item.id}
                      onClick={() => remove(item.id)}
                    />
                  )}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
