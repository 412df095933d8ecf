import type { SpeakerNames, Utterance } from "@worker/transcripts/contracts/transcript.ts";
import {
  type Ref,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from "react";
import { errorMessage } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { TOAST_MS } from "../ui/toast-timing.ts";
import { RecordingPlayer, type RecordingSource, useRecording } from "./recording-player.tsx";
import { SpeakerList } from "./speaker-list.tsx";
import { type ExportTranscript, TranscriptExports } from "./transcript-exports.tsx";
import { TranscriptLines } from "./transcript-lines.tsx";
import {
  buildModel,
  defaultSpeakerName,
  findMatches,
  type Match,
  speakerName,
  type TranscriptModel,
  wordAt,
} from "./transcript-model.ts";
import { TranscriptSearch } from "./transcript-search.tsx";
import type { LineWindow } from "./use-line-window.ts";

/** What a report beside the transcript may ask of it: play (or show) a moment. */
export interface TranscriptViewerHandle {
  readonly playFrom: (seconds: number) => void;
}

export interface TranscriptViewerProps {
  readonly utterances: readonly Utterance[];
  readonly speakerNames?: SpeakerNames | undefined;
  /** Saves a speaker's name (`null`: its default back) and answers every name now set. */
  readonly renameSpeaker?: ((label: string, name: string | null) => Promise<SpeakerNames>) | undefined;
  /** The kept recording; absent when only the transcript was kept. */
  readonly recording?: RecordingSource | undefined;
  readonly exportAs?: ExportTranscript | undefined;
  readonly heading?: string;
  /** Told the names shown, as they change, for what else on the page names the speakers. */
  readonly onNames?: ((names: SpeakerNames) => void) | undefined;
  readonly ref?: Ref<TranscriptViewerHandle>;
}

/** Users scrolling the transcript themselves are not pulled back to the spoken word for this long. */
const USER_SCROLL_RESPECT_MS = 4000;

/**
 * A transcript with its speakers and times, wherever one is shown: speakers renamed once for the
 * whole transcript, search with highlighted matches, and a player the words follow.
 */
export function TranscriptViewer({
  utterances,
  speakerNames,
  renameSpeaker,
  recording: source,
  exportAs,
  heading = "Transcript",
  onNames,
  ref,
}: TranscriptViewerProps) {
  const headingId = useId();
  const model = useMemo(() => buildModel(utterances), [utterances]);
  const names = useSpeakerNames(model, speakerNames, renameSpeaker);
  useEffect(() => onNames?.(names.names), [names.names, onNames]);

  const scroller = useRef<HTMLElement>(null);
  const lineWindow = useRef<LineWindow | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const recording = useRecording(source);
  const pendingSeek = useRef<number | null>(null);
  const [currentWord, setCurrentWord] = useState(-1);
  const [playing, setPlaying] = useState(false);

  const search = useSearch(model);
  const { activeMatch } = search;
  useEffect(() => {
    if (activeMatch) lineWindow.current?.scrollToLine(model.lineOf[activeMatch.first] ?? 0, "center");
  }, [activeMatch, model]);

  const showTime = useCallback((seconds: number) => setCurrentWord(wordAt(model, seconds)), [model]);

  const playFrom = useCallback(
    (seconds: number) => {
      const line = model.lineOf[Math.max(0, wordAt(model, seconds))] ?? 0;
      lineWindow.current?.scrollToLine(line, "center");
      const element = audio.current;
      if (!source) return;
      if (!element) {
        pendingSeek.current = seconds;
        recording.want();
        return;
      }
      element.currentTime = seconds;
      showTime(seconds);
      element.play()?.catch(() => {});
    },
    [model, source, recording, showTime],
  );
  useImperativeHandle(ref, () => ({ playFrom }), [playFrom]);

  const onMetadata = () => {
    const seconds = pendingSeek.current;
    if (seconds === null || !audio.current) return;
    pendingSeek.current = null;
    playFrom(seconds);
  };

  // timeupdate comes about four times a second; while playing, each frame reads the time too.
  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function follow() {
      if (audio.current) showTime(audio.current.currentTime);
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, showTime]);

  // The spoken line stays in view, unless the person is reading elsewhere.
  const currentLine = currentWord >= 0 ? (model.lineOf[currentWord] ?? -1) : -1;
  useEffect(() => {
    const view = lineWindow.current;
    if (!playing || currentLine < 0 || !view || view.isLineInView(currentLine)) return;
    if (performance.now() - view.lastUserScroll.current < USER_SCROLL_RESPECT_MS) return;
    view.scrollToLine(currentLine, "center");
  }, [currentLine, playing]);

  return (
    <section className="transcript-viewer" aria-labelledby={headingId}>
      <h3 id={headingId} className="report__heading">
        {heading}
      </h3>
      <SpeakerList
        model={model}
        names={names.names}
        onRename={renameSpeaker && names.rename}
        announcement={names.said}
      />
      {source && (
        <RecordingPlayer
          recording={recording}
          audioRef={audio}
          onTime={showTime}
          onMetadata={onMetadata}
          onPlaying={setPlaying}
        />
      )}
      <TranscriptSearch
        query={search.query}
        onQuery={search.setQuery}
        count={search.matches.length}
        active={search.active}
        onStep={search.step}
      />
      <TranscriptLines
        model={model}
        names={names.names}
        scroller={scroller}
        label={`${heading}, turn by turn`}
        currentWord={currentWord}
        matchesByLine={search.byLine}
        activeMatch={activeMatch}
        onPlayFrom={source ? playFrom : undefined}
        windowRef={lineWindow}
      />
      {exportAs && <TranscriptExports exportAs={exportAs} />}
    </section>
  );
}

/** Names shown at once when saved, put back with an error if saving fails, and announced. */
function useSpeakerNames(
  model: TranscriptModel,
  given: SpeakerNames | undefined,
  save: ((label: string, name: string | null) => Promise<SpeakerNames>) | undefined,
) {
  const [names, setNames] = useState<SpeakerNames>(given ?? {});
  const [said, setSaid] = useState("");
  useEffect(() => setNames(given ?? {}), [given]);
  const rename = useCallback(
    (label: string, name: string | null) => {
      if (!save) return;
      const before = names;
      const next = { ...names };
      if (name === null) delete next[label];
      else next[label] = name;
      setNames(next);
      const was = speakerName(model, before, label);
      const now = name ?? defaultSpeakerName(model, label);
      setSaid(`${was} is now ${now} throughout the transcript.`);
      save(label, name).then(setNames, (error: unknown) => {
        setNames(before);
        setSaid(`${now} could not be saved; the name is ${was} again.`);
        toast.error("Error", { description: errorMessage(error), duration: TOAST_MS });
      });
    },
    [model, names, save],
  );
  return { names, rename, said };
}

/** The query is typed at once; the matches follow when the page has time, so typing never waits. */
function useSearch(model: TranscriptModel) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const matches = useMemo(() => findMatches(model, deferred), [model, deferred]);
  const [chosen, setChosen] = useState({ query: "", index: 0 });
  const active = chosen.query === deferred ? Math.min(chosen.index, Math.max(0, matches.length - 1)) : 0;
  const byLine = useMemo(() => {
    const lines = new Map<number, Match[]>();
    for (const match of matches) {
      const line = model.lineOf[match.first] ?? 0;
      const list = lines.get(line);
      if (list) list.push(match);
      else lines.set(line, [match]);
    }
    return lines;
  }, [matches, model]);
  const step = useCallback(
    (by: 1 | -1) => setChosen({ query: deferred, index: (active + by + matches.length) % Math.max(1, matches.length) }),
    [deferred, active, matches.length],
  );
  return { query, setQuery, matches, active, activeMatch: matches[active], byLine, step };
}
