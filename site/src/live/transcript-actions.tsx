import { Copy, FileText, Subtitles } from "lucide-react";
import { copyText } from "../tools/copy-text.ts";
import { downloadText } from "../ui/download.ts";
import { type Segment, toSrt, toText, transcriptText } from "./transcript-export.ts";

export function CopyTranscript({ text }: { text: string }) {
  return (
    <button
      type="button"
      className="button button--ghost"
      onClick={() => void copyText(text, "Transcript copied", "Select the text and copy it instead.")}
    >
      <Copy aria-hidden="true" size={16} /> Copy
    </button>
  );
}

/**
 * Copy, TXT and SRT export of the transcript just recorded, the files with their speakers and
 * times (the transcript viewer exports saved ones).
 */
export function TranscriptActions({ segments, name }: { segments: readonly Segment[]; name: string }) {
  return (
    <div className="button-row">
      <CopyTranscript text={transcriptText(segments)} />
      <button
        type="button"
        className="button button--ghost"
        onClick={() => downloadText(toText(segments), `${name}.txt`)}
      >
        <FileText aria-hidden="true" size={16} /> Export TXT
      </button>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => downloadText(toSrt(segments), `${name}.srt`, "application/x-subrip")}
      >
        <Subtitles aria-hidden="true" size={16} /> Export SRT
      </button>
    </div>
  );
}
