import type { CaptionShare } from "@contracts/live.ts";
import { Copy, Radio, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { shareCaptions, stopSharingCaptions } from "../../api/live.ts";
import { reportToolError } from "../report-tool-error.ts";

// Plain `lazy`, not `lazyNamed`: the QR library is fetched when the speaker shares, never with the page.
const CaptionQr = lazy(() => import("./caption-qr.tsx"));

/**
 * Share captions: a link (and its QR code) anyone may open to read this session's captions live,
 * with Copy and Stop sharing. After the session the link keeps showing the transcript until the
 * speaker stops sharing.
 */
export function ShareCaptions({ sessionId, recording }: { sessionId: string | null; recording: boolean }) {
  const [share, setShare] = useState<CaptionShare | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState("");

  // A new session (a new recording, or one started over after a long drop) is not shared yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session change is the trigger
  useEffect(() => {
    setShare(null);
    setNotice("");
  }, [sessionId]);

  if (!sessionId || (!share && !recording && !notice)) return null;

  const start = async () => {
    setBusy(true);
    try {
      setShare(await shareCaptions(sessionId));
      setNotice("");
    } catch (error) {
      reportToolError(error);
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    setBusy(true);
    try {
      await stopSharingCaptions(sessionId);
      setShare(null);
      setNotice("Sharing stopped. The link no longer works.");
    } catch (error) {
      reportToolError(error);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!share) return;
    try {
      await navigator.clipboard.writeText(share.watch_url);
      setNotice("Link copied.");
    } catch {
      setNotice("Copying is blocked here: select the link and copy it yourself.");
    }
  };

  return (
    <section className="share-captions" aria-labelledby="share-captions-title">
      <h2 id="share-captions-title" className="share-captions__title">
        Live captions for your audience
      </h2>
      {share ? (
        <>
          <p className="field__hint">
            {recording
              ? "Anyone with this link can read your words as you speak, on a phone or a projector. No account needed."
              : "The session is over: the link now shows its full transcript, until you stop sharing."}
          </p>
          <div className="share-captions__link">
            <label className="visually-hidden" htmlFor="caption-link">
              Caption link
            </label>
            <input
              id="caption-link"
              className="field__input"
              readOnly
              value={share.watch_url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="button button--ghost" onClick={() => void copy()}>
              <Copy aria-hidden="true" size={16} /> Copy
            </button>
          </div>
          <Suspense fallback={<div className="share-captions__qr" />}>
            <CaptionQr url={share.watch_url} />
          </Suspense>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void stop()}
            disabled={busy}
            aria-busy={busy}
          >
            <X aria-hidden="true" size={16} /> Stop sharing
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void start()}
          disabled={busy}
          aria-busy={busy}
        >
          <Radio aria-hidden="true" size={16} /> {busy ? "Sharing…" : "Share captions"}
        </button>
      )}
      <p className="field__hint" role="status">
        {notice}
      </p>
    </section>
  );
}
