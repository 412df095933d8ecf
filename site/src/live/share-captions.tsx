import type { CaptionShare } from "@worker/live/contracts/live.ts";
import { Copy, Radio, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { reportToolError } from "../tools/report-tool-error.ts";
import { reserveCaptions, shareCaptions, stopSharingCaptions, withdrawReservedCaptions } from "./live-api.ts";

// Plain `lazy`, not `lazyNamed`: the QR library is fetched when the speaker shares, never with the page.
const CaptionQr = lazy(() => import("./caption-qr.tsx"));

/** A link, the session it shows, and whether that session is still to start (made before recording). */
type Shared = CaptionShare & { readonly sessionId: string; readonly forNext: boolean };

interface ShareCaptionsProps {
  /** The session this page runs or last ran; null before the first. */
  readonly sessionId: string | null;
  readonly recording: boolean;
  /** A session that can carry on (recording, or interrupted by a reload): sharing shares it. */
  readonly sessionLive: boolean;
  /**
   * A session is being opened: sharing waits for it, since a link made now would be for the
   * session after (its ticket is already taken).
   */
  readonly starting: boolean;
}

/**
 * Share captions: a link (and its QR code) anyone may open to read the captions live, with Copy
 * and Stop sharing. Before recording it is a link for the next session, ready for a slide: its
 * readers see "Starting soon" until the speaker starts. After the session the link keeps showing
 * the transcript until the speaker stops sharing.
 */
export function ShareCaptions({ sessionId, recording, sessionLive, starting }: ShareCaptionsProps) {
  const [share, setShare] = useState<Shared | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState("");

  // The session a link made before recording waited for has started: it is that session's link
  // now. Any other new session (a new recording, one started over after a long drop) is not shared.
  useEffect(() => {
    setShare((current) => {
      if (!current || current.sessionId === sessionId) return current && { ...current, forNext: false };
      return current.forNext ? current : null;
    });
    setNotice("");
  }, [sessionId]);

  const start = async () => {
    setBusy(true);
    try {
      if (sessionLive && sessionId) setShare({ ...(await shareCaptions(sessionId)), sessionId, forNext: false });
      else {
        const { session_id, ...link } = await reserveCaptions();
        setShare({ ...link, sessionId: session_id, forNext: true });
      }
      setNotice("");
    } catch (error) {
      reportToolError(error);
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    if (!share) return;
    setBusy(true);
    try {
      await (share.forNext ? withdrawReservedCaptions() : stopSharingCaptions(share.sessionId));
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
            {share.forNext
              ? "Put this link or its QR code on a slide. Until you start recording, it says the captions are starting soon; then anyone with it reads your words as you speak. No account needed."
              : recording
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
          disabled={busy || starting}
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
