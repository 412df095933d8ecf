import type { SpeakerNames } from "@worker/transcripts/contracts/transcript.ts";
import { Pencil } from "lucide-react";
import { useId, useState } from "react";
import { defaultSpeakerName, speakerName, type TranscriptModel } from "./transcript-model.ts";

interface Props {
  readonly model: TranscriptModel;
  readonly names: SpeakerNames;
  /** Absent where the transcript cannot be renamed (not kept, or not the reader's). */
  readonly onRename: ((label: string, name: string | null) => void) | undefined;
  readonly announcement: string;
}

/** The speakers, each renamed once for the whole transcript. */
export function SpeakerList({ model, names, onRename, announcement }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  // Focus goes back to the speaker's rename button once its form closes, not to the page's start.
  const [refocus, setRefocus] = useState<string | null>(null);
  return (
    <div className="speakers">
      <ul className="speakers__list" aria-label="Speakers">
        {model.speakers.map((label) => (
          <li key={label} className="speakers__item">
            {editing === label && onRename ? (
              <RenameForm
                current={speakerName(model, names, label)}
                fallback={defaultSpeakerName(model, label)}
                named={label in names}
                onDone={(name) => {
                  setEditing(null);
                  setRefocus(label);
                  if (name !== undefined) onRename(label, name);
                }}
              />
            ) : (
              <>
                <span className="speakers__name">{speakerName(model, names, label)}</span>
                {onRename && (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Rename ${speakerName(model, names, label)}`}
                    ref={(button) => {
                      if (button && refocus === label) {
                        button.focus();
                        setRefocus(null);
                      }
                    }}
                    onClick={() => setEditing(label)}
                  >
                    <Pencil aria-hidden="true" size={16} />
                  </button>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}

interface FormProps {
  readonly current: string;
  readonly fallback: string;
  readonly named: boolean;
  /** A name, `null` for the default name back, `undefined` when cancelled. */
  readonly onDone: (name: string | null | undefined) => void;
}

function RenameForm({ current, fallback, named, onDone }: FormProps) {
  const id = useId();
  const [value, setValue] = useState(named ? current : "");
  return (
    <form
      className="speakers__form"
      onSubmit={(event) => {
        event.preventDefault();
        const name = value.trim();
        onDone(name ? name : named ? null : undefined);
      }}
    >
      <label htmlFor={id} className="speakers__label">
        Name for {fallback}
      </label>
      <input
        id={id}
        className="field__input"
        value={value}
        maxLength={60}
        placeholder={fallback}
        // biome-ignore lint/a11y/noAutofocus: the field opens because the person asked to type a name in it
        autoFocus
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--primary button--small">
        Save
      </button>
      <button type="button" className="button button--ghost button--small" onClick={() => onDone(undefined)}>
        Cancel
      </button>
    </form>
  );
}
