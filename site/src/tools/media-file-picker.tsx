import {
  ANALYSIS_ACCEPT,
  ANALYSIS_FORMATS_HINT,
  formatBytes,
  isAnalysableMedia,
} from "@worker/recordings/contracts/media.ts";
import { CheckCircle2, FileAudio, Upload } from "lucide-react";
import { useId, useState } from "react";

interface Props {
  readonly label: string;
  readonly file: File | null;
  readonly maxBytes: number;
  readonly disabled?: boolean;
  readonly onChange: (file: File | null) => void;
}

/**
 * Chooses one audio or video file, by button or by dropping it: shows its name and "Completed"
 * once chosen, and refuses other types and oversized files at once.
 */
export function MediaFilePicker({ label, file, maxBytes, disabled = false, onChange }: Props) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!isAnalysableMedia(chosen.type)) {
      setProblem(`“${chosen.name}” is not an audio or video file. Choose ${ANALYSIS_FORMATS_HINT}.`);
      return;
    }
    if (chosen.size > maxBytes) {
      setProblem(`“${chosen.name}” is ${formatBytes(chosen.size)}; the limit is ${formatBytes(maxBytes)}.`);
      return;
    }
    setProblem(null);
    onChange(chosen);
  };

  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone only adds dragging a file onto the labelled button inside it */}
      <div
        className={`file-drop${dragging ? " file-drop--active" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) choose(event.dataTransfer.files[0]);
        }}
      >
        <label className={`button button--ghost file-button${disabled ? " button--disabled" : ""}`}>
          <Upload aria-hidden="true" size={18} /> {file ? "Choose another file" : "Choose a file"}
          <input
            type="file"
            accept={ANALYSIS_ACCEPT}
            className="visually-hidden"
            aria-describedby={`${id}-hint ${id}-status`}
            disabled={disabled}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
        <p id={`${id}-status`} className="file-drop__status" aria-live="polite">
          {file ? (
            <>
              <FileAudio aria-hidden="true" size={18} />
              <span className="file-drop__name">{file.name}</span>
              <span className="status-badge status-badge--completed">
                <CheckCircle2 aria-hidden="true" size={14} /> Completed
              </span>
            </>
          ) : (
            <span className="muted">or drop a file here</span>
          )}
        </p>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {ANALYSIS_FORMATS_HINT}, up to {formatBytes(maxBytes)}.
      </p>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** Upload, then the server's work: a determinate bar while sending, an indeterminate one after. */
export function UploadProgress({ fraction, working }: { fraction: number | null; working: string }) {
  const uploading = fraction !== null && fraction < 1;
  const text = uploading ? `Uploading ${Math.round(fraction * 100)}%` : working;
  return (
    <div className="upload-progress" role="status">
      <progress
        className="upload-progress__bar"
        max={1}
        {...(uploading ? { value: fraction } : {})}
        aria-label={text}
      />
      <span>{text}</span>
    </div>
  );
}
