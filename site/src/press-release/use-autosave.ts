import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "../ui/form-fields.tsx";

export type SaveState = { readonly kind: "saved" | "saving" | "unsaved" } | { readonly kind: "error"; message: string };

const DELAY_MS = 800;

/**
 * Saves `text` a moment after typing stops, one save at a time, always the newest text; `flush`
 * saves at once (before a download, so the file is what the editor shows).
 */
export function useAutosave(text: string, saved: string, save: (text: string) => Promise<void>) {
  const [state, setState] = useState<SaveState>({ kind: "saved" });
  const lastSaved = useRef(saved);
  const running = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef(text);
  latest.current = text;
  // The caller's `save` may be a new function every render; the timer must not restart with it.
  const saveLatest = useRef(save);
  saveLatest.current = save;

  const flush = useCallback((): Promise<void> => {
    running.current = running.current.then(async () => {
      const next = latest.current;
      if (next === lastSaved.current) {
        setState({ kind: "saved" });
        return;
      }
      setState({ kind: "saving" });
      try {
        await saveLatest.current(next);
        lastSaved.current = next;
        setState(latest.current === next ? { kind: "saved" } : { kind: "unsaved" });
      } catch (error) {
        setState({ kind: "error", message: errorMessage(error) });
      }
    });
    return running.current;
  }, []);

  useEffect(() => {
    if (text === lastSaved.current) return;
    setState((current) => (current.kind === "saving" || current.kind === "unsaved" ? current : { kind: "unsaved" }));
    const timer = setTimeout(() => void flush(), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, flush]);

  /** After a restore the saved text is the restored one. */
  const markSaved = useCallback((value: string) => {
    lastSaved.current = value;
    setState({ kind: "saved" });
  }, []);

  return { state, flush, markSaved };
}
