import { lazyWhenShown } from "../ui/lazy-named.ts";

/** The viewer in its own chunk, loaded when a transcript is first opened. */
export const LazyTranscriptViewer = lazyWhenShown(() => import("./transcript-viewer.tsx"), "TranscriptViewer");
