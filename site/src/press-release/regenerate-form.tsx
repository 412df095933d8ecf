import { isFinished, JOB_POLL_MS } from "@worker/jobs/contracts/jobs.ts";
import {
  AUDIENCE_LABELS,
  LENGTH_LABELS,
  RELEASE_AUDIENCES,
  RELEASE_LENGTHS,
  RELEASE_TONES,
  type RegenerateBody,
  regenerateBody,
  TONE_LABELS,
} from "@worker/press-releases/contracts/release-options.ts";
import { RefreshCw } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../api/client.ts";
import { errorMessage } from "../ui/form-fields.tsx";
import { fetchRegeneration, regenerateRelease } from "./release-editing-api.ts";

type FieldErrors = Partial<Record<keyof RegenerateBody, string>>;
type Progress = { readonly kind: "idle" | "working" | "done" } | { readonly kind: "failed"; readonly message: string };

/** Lagos does not change its clocks: WAT is always UTC+1, so a time typed as WAT has one offset. */
const WAT_OFFSET = "+01:00";

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  });

/**
 * Writes a finished release again from its kept transcript with a tone, length, audience and an
 * optional embargo. It polls the regeneration until it is written, then hands back to the editor,
 * which shows the new text (the previous one stays a version). Progress is announced in a status
 * region, failures in an alert.
 */
export function RegenerateForm({
  releaseId,
  beforeStart,
  onWritten,
}: {
  releaseId: string;
  /** Saves what is being typed first, so it is kept as a version. */
  beforeStart: () => Promise<void>;
  onWritten: () => Promise<void>;
}) {
  const id = useId();
  const [tone, setTone] = useState<RegenerateBody["tone"]>("formal");
  const [length, setLength] = useState<RegenerateBody["length"]>("standard");
  const [audience, setAudience] = useState<RegenerateBody["audience"]>("national_press");
  const [embargo, setEmbargo] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<Progress>({ kind: "idle" });
  const stop = useRef<AbortController | null>(null);

  useEffect(() => () => stop.current?.abort(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const options = { tone, length, audience, ...(embargo ? { embargo_at: `${embargo}:00${WAT_OFFSET}` } : {}) };
    const parsed = regenerateBody.safeParse(options);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])) as FieldErrors,
      );
      return;
    }
    setErrors({});
    const controller = new AbortController();
    stop.current = controller;
    setProgress({ kind: "working" });
    try {
      await beforeStart();
      const started = await regenerateRelease(releaseId, parsed.data);
      let current = started;
      while (!isFinished(current.status)) {
        await wait(JOB_POLL_MS, controller.signal);
        if (controller.signal.aborted) return;
        current = await fetchRegeneration(releaseId, started.id);
      }
      if (current.status === "error") {
        setProgress({ kind: "failed", message: current.error ?? "The release could not be written again." });
        return;
      }
      await onWritten();
      setProgress({ kind: "done" });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0]])));
      }
      setProgress({ kind: "failed", message: errorMessage(error) });
    }
  };

  const working = progress.kind === "working";
  const selects = [
    { name: "tone", label: "Tone", value: tone, set: setTone, values: RELEASE_TONES, labels: TONE_LABELS },
    { name: "length", label: "Length", value: length, set: setLength, values: RELEASE_LENGTHS, labels: LENGTH_LABELS },
    {
      name: "audience",
      label: "Audience",
      value: audience,
      set: setAudience,
      values: RELEASE_AUDIENCES,
      labels: AUDIENCE_LABELS,
    },
  ] as const;

  return (
    <form className="regenerate" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Write it again</h3>
      <p className="muted">From the same transcript, with no new upload. The text you have now stays in Versions.</p>
      <div className="regenerate__fields">
        {selects.map((select) => (
          <div className="field" key={select.name}>
            <label className="field__label" htmlFor={`${id}-${select.name}`}>
              {select.label}
            </label>
            <select
              id={`${id}-${select.name}`}
              className="field__input"
              value={select.value}
              disabled={working}
              aria-invalid={errors[select.name] ? true : undefined}
              aria-describedby={errors[select.name] ? `${id}-${select.name}-error` : undefined}
              onChange={(event) => (select.set as (value: string) => void)(event.target.value)}
            >
              {select.values.map((value) => (
                <option key={value} value={value}>
                  {(select.labels as Record<string, string>)[value]}
                </option>
              ))}
            </select>
            {errors[select.name] && (
              <p className="field__error" id={`${id}-${select.name}-error`} role="alert">
                {errors[select.name]}
              </p>
            )}
          </div>
        ))}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-embargo`}>
            Embargo until (Lagos time, WAT), optional
          </label>
          <input
            id={`${id}-embargo`}
            type="datetime-local"
            className="field__input"
            value={embargo}
            disabled={working}
            aria-invalid={errors.embargo_at ? true : undefined}
            aria-describedby={errors.embargo_at ? `${id}-embargo-error` : `${id}-embargo-hint`}
            onChange={(event) => setEmbargo(event.target.value)}
          />
          {errors.embargo_at ? (
            <p className="field__error" id={`${id}-embargo-error`} role="alert">
              {errors.embargo_at}
            </p>
          ) : (
            <p className="field__hint" id={`${id}-embargo-hint`}>
              Shown at the top as "EMBARGOED UNTIL 09:00 WAT, 2 December 2026". Leave empty for none.
            </p>
          )}
        </div>
      </div>
      <div className="regenerate__actions">
        <button type="submit" className="button button--primary" disabled={working} aria-busy={working}>
          <RefreshCw aria-hidden="true" size={18} /> Regenerate
        </button>
        <p className="regenerate__status" role="status">
          {working && "Writing the release again…"}
          {progress.kind === "done" && "Written again. The new text is in the editor; the previous one is in Versions."}
        </p>
      </div>
      {progress.kind === "failed" && (
        <p className="release__error" role="alert">
          {progress.message}
        </p>
      )}
    </form>
  );
}
