import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from "@contracts/languages.ts";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useParams } from "react-router-dom";
import { type CaptionPreferences, TEXT_SIZES, THEMES, useCaptionPreferences } from "./caption-preferences.ts";
import { SpeakerName, speakerChanges } from "./caption-speakers.tsx";
import { type CaptionFeed, type CaptionLine, useCaptionFeed } from "./use-caption-feed.ts";

/** How close to the end counts as reading the latest words, so auto-scroll carries on. */
const FOLLOW_SLACK_PX = 48;
/** How long after a wheel, touch or key press a scroll is still the reader's doing. */
const READER_INPUT_MS = 1000;

function statusText(feed: CaptionFeed): string {
  switch (feed.status) {
    case "connecting":
      return "Connecting to the captions…";
    case "waiting":
      return "Starting soon. The captions will start when the speaker begins.";
    case "live":
      return feed.finals.length || feed.interim ? "Live" : "Live: waiting for the speaker…";
    case "reconnecting":
      return "Reconnecting… the captions will catch up.";
    case "ended":
      return "The session has ended. This is its full transcript.";
    case "stopped":
      return "The speaker stopped sharing these captions.";
    case "refused":
      return feed.problem ?? "These captions cannot be shown.";
  }
}

const themeClass: Record<CaptionPreferences["theme"], string> = {
  Light: "captions--light",
  Dark: "captions--dark",
  "High contrast": "captions--contrast",
};

/**
 * `/watch/<token>`: a shared session's captions for anyone with the link, no account. Finals as
 * they come (only they are announced to screen readers), the words being spoken greyed, and
 * auto-scroll that pauses while the reader scrolls back. Text size and colours are the reader's;
 * projector mode fills the screen with very large text.
 */
export function CaptionViewer() {
  const { token } = useParams();
  const [preferences, update, loaded] = useCaptionPreferences();
  const feed = useCaptionFeed(token, preferences.language, loaded);
  const [projector, setProjector] = useState(false);
  const [following, setFollowing] = useState(true);
  const stage = useRef<HTMLElement>(null);
  const scroller = useRef<HTMLElement>(null);
  const readerInputAt = useRef(Number.NEGATIVE_INFINITY);
  const pinned = useRef(following);
  pinned.current = following;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new words, a new size or layout are the triggers
  useLayoutEffect(() => {
    const element = scroller.current;
    if (following && element) element.scrollTop = element.scrollHeight;
  }, [feed.finals.length, feed.interim, following, preferences.size, projector]);

  // A window resized or rotated keeps the latest words in view while following.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Leaving full screen (Esc, the browser's own control) leaves projector mode too.
  useEffect(() => {
    const left = () => {
      if (!document.fullscreenElement) setProjector(false);
    };
    document.addEventListener("fullscreenchange", left);
    return () => document.removeEventListener("fullscreenchange", left);
  }, []);

  const toggleProjector = () => {
    if (projector) {
      setProjector(false);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      return;
    }
    setProjector(true);
    setFollowing(true);
    // Where full screen is not offered (an iPhone), the page itself fills the window instead.
    void stage.current?.requestFullscreen?.().catch(() => {});
  };

  // The reader scrolling away from the end pauses auto-scroll; reaching the end again resumes it.
  // Only a scroll soon after the reader's own input counts: the box also scrolls when new words
  // arrive or the window changes size, and that must not pause it.
  const followLatest = () => {
    const element = scroller.current;
    if (!element) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK_PX) setFollowing(true);
    else if (performance.now() - readerInputAt.current < READER_INPUT_MS) setFollowing(false);
  };
  const readerInput = () => {
    readerInputAt.current = performance.now();
  };

  const speakers = speakerChanges(feed.finals, feed.names);
  const sizeIndex = TEXT_SIZES.indexOf(preferences.size);
  const className = [
    "captions",
    themeClass[preferences.theme],
    `captions--size-${sizeIndex}`,
    projector ? "captions--projector" : "",
  ].join(" ");

  return (
    <section
      ref={stage}
      className={className}
      aria-labelledby="captions-title"
      onKeyDown={(event) => {
        if (projector && event.key === "Escape") toggleProjector();
      }}
    >
      <div className="captions__bar">
        <div>
          <h1 id="captions-title" className="captions__title">
            Live captions
          </h1>
          <p className={`captions__status captions__status--${feed.status}`} role="status">
            {statusText(feed)}
          </p>
        </div>
        <div className="captions__controls">
          {!projector && (
            <>
              <label className="captions__control">
                Text size
                <select
                  value={preferences.size}
                  onChange={(e) => update({ size: e.target.value as typeof preferences.size })}
                >
                  {TEXT_SIZES.map((size) => (
                    <option key={size}>{size}</option>
                  ))}
                </select>
              </label>
              <label className="captions__control">
                Language
                <select
                  value={preferences.language ?? ""}
                  onChange={(e) => update({ language: isLanguage(e.target.value) ? e.target.value : null })}
                >
                  <option value="">As spoken</option>
                  {LANGUAGES.map((language) => (
                    <option key={language} value={language} lang={language}>
                      {LANGUAGE_NAMES[language]}
                    </option>
                  ))}
                </select>
              </label>
              <label className="captions__control">
                Colours
                <select
                  value={preferences.theme}
                  onChange={(e) => update({ theme: e.target.value as typeof preferences.theme })}
                >
                  {THEMES.map((theme) => (
                    <option key={theme}>{theme}</option>
                  ))}
                </select>
              </label>
            </>
          )}
          <button type="button" className="captions__button" aria-pressed={projector} onClick={toggleProjector}>
            {projector ? "Exit projector mode" : "Projector mode"}
          </button>
        </div>
      </div>
      <section
        ref={scroller}
        className="captions__text"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys
        tabIndex={0}
        onScroll={followLatest}
        onWheel={readerInput}
        onTouchMove={readerInput}
        onKeyDown={readerInput}
        onPointerDown={readerInput}
        aria-label="Captions"
      >
        <div role="log" aria-live="polite" aria-relevant="additions">
          {feed.finals.map((line, index) => (
            <CaptionText key={line.seq} line={line} speaker={speakers[index] ?? null} reading={preferences.language} />
          ))}
        </div>
        {feed.interim && <p className="captions__line captions__interim">{feed.interim}</p>}
      </section>
      {!following && (
        <button type="button" className="captions__button captions__latest" onClick={() => setFollowing(true)}>
          Jump to the latest words
        </button>
      )}
    </section>
  );
}

/**
 * One final, led by its speaker's name where the speaker changes. A translated one is marked with
 * its language (for screen readers and fonts); one the reader asked for in another language that
 * could not be translated says so.
 */
function CaptionText({
  line,
  speaker,
  reading,
}: {
  line: CaptionLine;
  speaker: string | null;
  reading: Language | null;
}) {
  const untranslated = reading !== null && line.language !== undefined && line.language !== reading;
  return (
    <p className="captions__line" lang={line.language}>
      {speaker && <SpeakerName name={speaker} className="captions__speaker" />}
      {line.text}
      {untranslated && <span className="captions__untranslated"> (not translated)</span>}
    </p>
  );
}
