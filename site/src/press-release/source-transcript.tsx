import type { PressRelease } from "@worker/press-releases/contracts/press-releases.ts";
import { ChevronDown } from "lucide-react";
import { useMemo, useState } from "react";
import { jobPath } from "../jobs/jobs-api.ts";
import { LazyTranscriptViewer } from "../transcripts/lazy-transcript-viewer.ts";
import type { ExportTranscript } from "../transcripts/transcript-exports.tsx";
import { fetchTranscriptExport, recordingUrl, renameSpeaker } from "../transcripts/transcripts-api.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";

/**
 * The transcript a release was written from, with its speakers, times and recording, on request;
 * its speakers renamed by anyone but a viewer.
 */
export function SourceTranscript({ release }: { release: PressRelease }) {
  const [open, setOpen] = useState(false);
  const { canEdit } = useWorkspace();
  const path = jobPath("press_release", release.id);
  const recording = useMemo(() => ({ address: () => recordingUrl(path) }), [path]);
  const rename = useMemo(() => (label: string, name: string | null) => renameSpeaker(path, label, name), [path]);
  const exportAs = useMemo<ExportTranscript>(
    () => (format) => fetchTranscriptExport(`${path}/transcript`, format, "transcript"),
    [path],
  );
  if (!release.utterances?.length) return null;
  return (
    <div className="release__source">
      <button type="button" className="button button--ghost" aria-expanded={open} onClick={() => setOpen(!open)}>
        <ChevronDown aria-hidden="true" size={18} /> {open ? "Hide" : "Show"} the transcript it was written from
      </button>
      {open && (
        <LazyTranscriptViewer
          utterances={release.utterances}
          speakerNames={release.speaker_names}
          renameSpeaker={canEdit ? rename : undefined}
          recording={recording}
          exportAs={exportAs}
          heading="Source transcript"
        />
      )}
    </div>
  );
}
