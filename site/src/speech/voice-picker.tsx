import type { Language } from "@contracts/languages.ts";
import { Play, Square } from "lucide-react";
import { useId, useRef, useState } from "react";
import { FieldFrame } from "../ui/form-fields.tsx";
import { useWantedSoon } from "../ui/use-wanted-soon.ts";
import { useVoices } from "./use-voices.ts";

interface VoicePickerProps {
  /** Only this language's voices are offered. */
  readonly language: Language;
  readonly value: string;
  readonly onChange: (voiceId: string) => void;
  readonly error?: string | undefined;
}

/**
 * Voice dropdown with a preview button where the voice has one. The list loads once the dropdown
 * comes into view or the visitor starts on the form (on a phone it sits below the introduction).
 */
export function VoicePicker({ language, value, onChange, error }: VoicePickerProps) {
  const id = useId();
  const field = useRef<HTMLSpanElement>(null);
  const { data, error: loadError } = useVoices(useWantedSoon(field), language);
  const loading = !data && !loadError;
  const preview = useRef<HTMLAudioElement | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const voice = data?.voices.find((candidate) => candidate.voice_id === value);

  const togglePreview = () => {
    if (previewing) {
      preview.current?.pause();
      setPreviewing(false);
      return;
    }
    if (!voice?.preview_url) return;
    preview.current = new Audio(voice.preview_url);
    preview.current.addEventListener("ended", () => setPreviewing(false), { once: true });
    preview.current.play().then(
      () => setPreviewing(true),
      () => setPreviewing(false),
    );
  };

  const problem = error ?? (loadError ? "The voices could not be loaded. Refresh the page to try again." : undefined);
  return (
    <FieldFrame id={id} label="Voice" error={problem}>
      <span className="field__group" ref={field}>
        <select
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={loading || Boolean(loadError)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        >
          <option value="">{loading ? "Loading voices…" : "Choose a voice"}</option>
          {data?.voices.map((option) => (
            <option key={option.voice_id} value={option.voice_id}>
              {option.name}
              {option.labels?.accent ? ` · ${option.labels.accent}` : ""}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="field__addon-button"
          onClick={togglePreview}
          disabled={!voice?.preview_url}
          aria-label={previewing ? "Stop the voice preview" : "Preview this voice"}
        >
          {previewing ? <Square aria-hidden="true" size={16} /> : <Play aria-hidden="true" size={16} />}
        </button>
      </span>
    </FieldFrame>
  );
}
