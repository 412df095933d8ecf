import { formatBytes } from "@worker/recordings/contracts/media.ts";
import type { Recording } from "@worker/recordings/contracts/recordings.ts";
import { useId } from "react";
import { Link } from "react-router-dom";
import { PATHS } from "../paths.ts";
import { formatWhen } from "../ui/format-when.ts";
import { useRecordings } from "./use-recordings.ts";

interface Props {
  readonly selected: Recording | null;
  readonly disabled?: boolean;
  readonly onChange: (recording: Recording | null) => void;
}

/**
 * "Use a recording you uploaded": the signed-in user's recordings as a radio group, so a tool starts
 * from one already stored instead of uploading the file again. Shows nothing until there is one.
 */
export function RecordingPicker({ selected, disabled = false, onChange }: Props) {
  const id = useId();
  const { data } = useRecordings();
  if (!data || data.items.length === 0) return null;
  return (
    <fieldset className="field recording-picker" disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend className="field__label">Use a recording you uploaded</legend>
      <ul className="recording-picker__list">
        <li>
          <label className="checkbox recording-picker__option">
            <input type="radio" name={id} checked={selected === null} onChange={() => onChange(null)} />
            None: use the file chosen above
          </label>
        </li>
        {data.items.map((recording) => (
          <li key={recording.id}>
            <label className="checkbox recording-picker__option">
              <input
                type="radio"
                name={id}
                value={recording.id}
                checked={selected?.id === recording.id}
                onChange={() => onChange(recording)}
              />
              <span className="recording-picker__name">
                {recording.file_name}
                <span className="muted">
                  {" "}
                  · {formatBytes(recording.bytes)} · {formatWhen(recording.created_at)}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <p id={`${id}-hint`} className="field__hint">
        Large files you upload are kept, so every tool can use them without uploading again.{" "}
        <Link to={`${PATHS.settings}#recordings`}>Manage your recordings</Link>
      </p>
    </fieldset>
  );
}
