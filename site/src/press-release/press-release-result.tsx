import { LANGUAGE_NAMES } from "@contracts/languages.ts";
import type { Translation } from "@worker/jobs/contracts/job-schema.ts";
import type { PressRelease } from "@worker/press-releases/contracts/press-releases.ts";
import { AlertCircle } from "lucide-react";
import { formatWhen } from "../ui/format-when.ts";
import { AttachmentsPanel } from "./attachments-panel.tsx";
import { CoverageLog } from "./coverage-log.tsx";
import { PublishControl } from "./publish-control.tsx";
import { ReleaseEditor } from "./release-editor.tsx";
import { DistributionPanel, SendPanel } from "./send-panel.tsx";
import { SourceTranscript } from "./source-transcript.tsx";

const STEPS = [
  { status: "queued", label: "Uploaded" },
  { status: "processing", label: "Transcribing and writing" },
  { status: "completed", label: "Ready" },
] as const;

/** One job: where it is, then the release itself with copy and downloads, or what went wrong. */
export function PressReleaseResult({ release }: { release: PressRelease }) {
  const reached = STEPS.findIndex((step) => step.status === release.status);

  return (
    <section className="panel release" aria-labelledby="release-title" aria-busy={reached >= 0 && reached < 2}>
      <h2 id="release-title">Press release from {release.file_name}</h2>
      <p className="muted">Started {formatWhen(release.created_at)}</p>
      {release.status === "error" ? (
        <p className="release__error" role="alert">
          <AlertCircle aria-hidden="true" size={20} />
          {release.error ?? "The press release could not be written."} Upload the recording again to retry.
        </p>
      ) : (
        <ol className="job-steps">
          {STEPS.map((step, index) => (
            <li
              key={step.status}
              className={`job-steps__step${index < reached || release.status === "completed" ? " job-steps__step--done" : ""}`}
              aria-current={index === reached && release.status !== "completed" ? "step" : undefined}
            >
              {index === reached && release.status !== "completed" && (
                <span className="spinner spinner--small" aria-hidden="true" />
              )}
              {step.label}
            </li>
          ))}
        </ol>
      )}
      {release.status !== "completed" && release.status !== "error" && (
        <p className="muted" role="status">
          This usually takes a minute or two. You can leave this page; the release keeps being written and will be here
          when you come back.
        </p>
      )}
      {release.status === "completed" && release.text && (
        <>
          <ReleaseEditor key={release.id} release={{ ...release, text: release.text }} />
          <AttachmentsPanel releaseId={release.id} />
          <PublishControl releaseId={release.id} />
          <SendPanel releaseId={release.id} />
          <div className="release__outcomes">
            <DistributionPanel releaseId={release.id} />
            <CoverageLog releaseId={release.id} />
          </div>
          {release.translation && <TranslatedRelease release={release} translation={release.translation} />}
          <SourceTranscript release={release} />
        </>
      )}
    </section>
  );
}

/**
 * The release in the recording's language, asked for at the start: edited, versioned and
 * downloaded like the English one. A new English text (written again) brings a new copy, so the
 * editor starts afresh when the release's `updated_at` moves; saving the copy leaves it alone.
 */
function TranslatedRelease({ release, translation }: { release: PressRelease; translation: Translation }) {
  const name = LANGUAGE_NAMES[translation.language];
  return (
    <section className="release__translation" aria-labelledby="release-translation">
      <h3 id="release-translation">
        In <span lang={translation.language}>{name}</span>
      </h3>
      <ReleaseEditor
        key={`${release.id}:${release.updated_at}`}
        release={{ ...release, text: translation.text }}
        language={translation.language}
      />
    </section>
  );
}
