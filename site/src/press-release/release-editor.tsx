import { LANGUAGE_NAMES, type Language } from "@contracts/languages.ts";
import type {
  PressRelease,
  ReleaseExportFormat,
  ReleaseVersions,
} from "@worker/press-releases/contracts/press-releases.ts";
import { placeholdersIn, releaseHtml, releasePlainText } from "@worker/press-releases/contracts/release-markdown.ts";
import { Copy, Download, Eye, History, Pencil, RefreshCw } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useSWRConfig } from "swr";
import useSWRInfinite from "swr/infinite";
import { fetchJob, jobPath } from "../jobs/jobs-api.ts";
import { copyText } from "../tools/copy-text.ts";
import { downloadBlob } from "../ui/download.ts";
import { errorMessage } from "../ui/form-fields.tsx";
import { formatWhen } from "../ui/format-when.ts";
import { lazyWhenShown } from "../ui/lazy-named.ts";
import { toast } from "../ui/toast.ts";
import { useWorkspace } from "../workspaces/use-workspace.ts";
import {
  fetchExport,
  fetchVersions,
  pickHeadline,
  saveReleaseText,
  saveTranslatedText,
  versionsPath,
} from "./release-editing-api.ts";
import { ReleasePreview } from "./release-preview.tsx";
import { type SaveState, useAutosave } from "./use-autosave.ts";

// The options form (and the schema it checks with) loads only when someone opens it.
const RegenerateForm = lazyWhenShown(() => import("./regenerate-form.tsx"), "RegenerateForm");

const EXPORTS: readonly { format: ReleaseExportFormat; label: string }[] = [
  { format: "docx", label: "Download DOCX" },
  { format: "pdf", label: "Download PDF" },
  { format: "txt", label: "Download TXT" },
  { format: "md", label: "Download MD" },
];

const SAVE_LABELS = { saved: "Saved", saving: "Saving…", unsaved: "Unsaved changes" } as const;
const saveLabel = (state: SaveState) =>
  state.kind === "error" ? `Not saved: ${state.message}` : SAVE_LABELS[state.kind];

/**
 * A finished release, editable in place: Markdown in a text area or the preview, saved a moment
 * after typing stops (each save a version the owner can restore), with the gaps still to fill
 * listed, downloads made by the Worker and a rich-text copy for e-mail. It can be written again
 * with options, and one of its alternative headlines picked; both are new versions too.
 *
 * With `language`, it edits the release's copy in that language (`release.text` is then that
 * copy's text) the same way, with its own versions and downloads; writing again and the
 * alternative headlines belong to the English release, so they are left out, and every control
 * names the language, since both editors are on one page.
 *
 * A viewer in the workspace reads it, copies, downloads and looks through its versions; what would
 * change it (editing, filling gaps, another headline, restoring, writing again) is not offered.
 */
export function ReleaseEditor({
  release,
  language,
}: {
  release: PressRelease & { text: string };
  language?: Language | undefined;
}) {
  const id = useId();
  const { canEdit } = useWorkspace();
  const inLanguage = language ? ` in ${LANGUAGE_NAMES[language]}` : "";
  const [text, setText] = useState(release.text);
  // A finished release is read first; editing is one press away.
  const [preview, setPreview] = useState(true);
  const [showVersions, setShowVersions] = useState(false);
  const [showRegenerate, setShowRegenerate] = useState(false);
  const [headlines, setHeadlines] = useState<readonly string[]>(release.headlines ?? []);
  const [picking, setPicking] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const { mutate } = useSWRConfig();
  // The Worker answers versions a page at a time; older pages load when asked for.
  const versions = useSWRInfinite((index: number, previous: ReleaseVersions | null) => {
    if (!showVersions) return null;
    if (index === 0) return versionsPath(release.id, undefined, language);
    return previous?.next_before ? versionsPath(release.id, previous.next_before, language) : null;
  }, fetchVersions);
  const versionItems = versions.data?.flatMap((page) => page.items) ?? [];
  const olderVersions = (versions.data?.at(-1)?.next_before ?? null) !== null;
  const save = useCallback(
    async (next: string) => {
      await (language ? saveTranslatedText(release.id, next) : saveReleaseText(release.id, next));
      if (showVersions) void versions.mutate();
    },
    [release.id, language, showVersions, versions],
  );
  const { state, flush, markSaved } = useAutosave(text, release.text, save);
  const placeholders = placeholdersIn(text);

  const fill = (placeholder: string) => {
    setPreview(false);
    requestAnimationFrame(() => {
      const start = area.current?.value.indexOf(placeholder) ?? -1;
      if (start < 0 || !area.current) return;
      area.current.focus();
      area.current.setSelectionRange(start, start + placeholder.length);
    });
  };

  /** Shows a text the Worker saved (a regeneration, a picked headline) as the one being edited. */
  const showSaved = (saved: string, alternatives: readonly string[]) => {
    setText(saved);
    markSaved(saved);
    setHeadlines(alternatives);
    if (showVersions) void versions.mutate();
  };

  const regenerated = async () => {
    const fresh = await fetchJob("press_release", release.id);
    await mutate(jobPath("press_release", release.id), fresh, { revalidate: false });
    showSaved(fresh.text ?? text, fresh.headlines ?? []);
  };

  const chooseHeadline = async (headline: string) => {
    setPicking(true);
    try {
      await flush();
      const picked = await pickHeadline(release.id, headline);
      showSaved(picked.text, picked.headlines);
      toast.success("Headline changed. The previous one is kept in Versions.");
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPicking(false);
    }
  };

  const restore = async (number: number, restored: string, restoredHeadlines: readonly string[]) => {
    try {
      await flush();
      await (language
        ? saveTranslatedText(release.id, restored)
        : saveReleaseText(release.id, restored, restoredHeadlines));
      setText(restored);
      markSaved(restored);
      setHeadlines(restoredHeadlines);
      await versions.mutate();
      toast.success(`Version ${number} restored.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const download = async (format: ReleaseExportFormat) => {
    try {
      await flush();
      const file = await fetchExport(release.id, format, language);
      downloadBlob(file.blob, file.name);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const copyRich = async () => {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({
          "text/html": new Blob([releaseHtml(text)], { type: "text/html" }),
          "text/plain": new Blob([releasePlainText(text)], { type: "text/plain" }),
        }),
      ]);
      toast.success(`Press release${inLanguage} copied with its formatting`);
    } catch {
      await copyText(
        releasePlainText(text),
        `Press release${inLanguage} copied as plain text`,
        "Use a download instead.",
      );
    }
  };

  return (
    <div className="release-editor">
      {canEdit ? (
        <div className="release-editor__bar">
          <button
            type="button"
            className="button button--ghost"
            aria-pressed={preview}
            onClick={() => setPreview(!preview)}
          >
            {preview ? <Pencil aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
            {preview ? `Edit text${inLanguage}` : `Preview${inLanguage}`}
          </button>
          <p className={`release-editor__status release-editor__status--${state.kind}`} role="status">
            {saveLabel(state)}
          </p>
        </div>
      ) : (
        <p className="release-editor__read-only" role="note">
          You can read this release; an editor can change it.
        </p>
      )}
      {canEdit && placeholders.length > 0 && (
        <div className="release-editor__gaps" role="note" aria-labelledby={`${id}-gaps`}>
          <p id={`${id}-gaps`}>
            Fill {placeholders.length === 1 ? "this gap" : `these ${placeholders.length} gaps`} before sending, or add
            the facts to your <Link to="/settings">press kit</Link> for the next release:
          </p>
          <ul className="release-editor__gap-list">
            {placeholders.map((placeholder) => (
              <li key={placeholder}>
                <button type="button" className="button button--small placeholder" onClick={() => fill(placeholder)}>
                  {placeholder}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {canEdit && !language && headlines.length > 0 && (
        <section className="release-editor__headlines" aria-labelledby={`${id}-headlines`}>
          <h3 id={`${id}-headlines`}>Other headlines</h3>
          <ul>
            {headlines.map((headline) => (
              <li key={headline}>
                <span>{headline}</span>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={picking}
                  aria-label={`Use this headline: ${headline}`}
                  onClick={() => void chooseHeadline(headline)}
                >
                  Use this headline
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {preview || !canEdit ? (
        <ReleasePreview text={text} lang={language} />
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-text`}>
            Press release{inLanguage} (Markdown)
          </label>
          <textarea
            id={`${id}-text`}
            ref={area}
            className="field__input field__input--multiline release-editor__text"
            rows={20}
            lang={language}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => void flush()}
          />
        </div>
      )}
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={copyRich}>
          <Copy aria-hidden="true" size={18} /> Copy as rich text{inLanguage}
        </button>
        {EXPORTS.map(({ format, label }) => (
          <button key={format} type="button" className="button button--ghost" onClick={() => download(format)}>
            <Download aria-hidden="true" size={18} /> {label}
            {inLanguage}
          </button>
        ))}
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={showVersions}
          aria-controls={`${id}-versions`}
          onClick={() => setShowVersions(!showVersions)}
        >
          <History aria-hidden="true" size={18} /> Versions{inLanguage}
        </button>
        {canEdit && !language && (
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={showRegenerate}
            aria-controls={`${id}-regenerate`}
            onClick={() => setShowRegenerate(!showRegenerate)}
          >
            <RefreshCw aria-hidden="true" size={18} /> Write again with options
          </button>
        )}
      </div>
      {canEdit && showRegenerate && (
        <div id={`${id}-regenerate`}>
          <RegenerateForm releaseId={release.id} beforeStart={flush} onWritten={regenerated} />
        </div>
      )}
      {showVersions && (
        <section id={`${id}-versions`} className="release-editor__versions" aria-label={`Versions${inLanguage}`}>
          {versions.error && <p role="alert">The versions could not be loaded. Please try again.</p>}
          {!versions.data && !versions.error && <p className="muted">Loading versions…</p>}
          <ol>
            {versionItems.map((version) => (
              <li key={version.number}>
                <span>
                  Version {version.number}
                  {version.number === 1 ? " (as written)" : ""} · {formatWhen(version.created_at)}
                </span>
                {version.text === text ? (
                  <span className="muted">Current</span>
                ) : !canEdit ? null : (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => restore(version.number, version.text, version.headlines)}
                  >
                    Restore version {version.number}
                  </button>
                )}
              </li>
            ))}
          </ol>
          {olderVersions && (
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={versions.isValidating}
              onClick={() => void versions.setSize(versions.size + 1)}
            >
              Show older versions
            </button>
          )}
        </section>
      )}
    </div>
  );
}
