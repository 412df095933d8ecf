import { API } from "@contracts/api-paths.ts";
import { useCallback, useRef, useState } from "react";
import type { Upload } from "tus-js-client";
import { ApiError } from "../api/client.ts";
import { clearSession, storedToken, UNAUTHORIZED_EVENT } from "../api/session.ts";
import { storedWorkspace, WORKSPACE_HEADER } from "../api/workspace.ts";
import { config } from "../config.ts";

/**
 * Files above this size go up as resumable (tus) uploads: they survive a dropped connection and
 * a page reload. Smaller ones keep the single multipart request.
 */
export const RESUMABLE_FROM_BYTES = 8 * 1024 * 1024;

/** Retries on network loss, spaced out so a phone that regains signal after a minute still resumes. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000];
/** Speed is averaged over this window, so a brief stall does not swing the time left. */
const SPEED_WINDOW_MS = 5000;

export interface UploadState {
  readonly fraction: number;
  readonly bytesPerSecond: number | null;
  readonly secondsLeft: number | null;
  readonly paused: boolean;
  /** True while waiting to retry after the network dropped. */
  readonly retrying: boolean;
  /** An earlier upload of the same file (before a reload) was picked up where it stopped. */
  readonly resumed: boolean;
}

const IDLE: UploadState = {
  fraction: 0,
  bytesPerSecond: null,
  secondsLeft: null,
  paused: false,
  retrying: false,
  resumed: false,
};

/**
 * A tus upload of one file with progress, speed, time left, pause and resume; the client library
 * is loaded on first use, so only the tool pages that upload large files fetch it. Its
 * fingerprint store (localStorage) lets the same file resume after a reload, or be used again
 * without uploading once it has finished.
 */
export function useResumableUpload() {
  const [state, setState] = useState<UploadState | null>(null);
  const current = useRef<Upload | null>(null);
  const pausedByUser = useRef(false);

  const upload = useCallback(async (file: File): Promise<string> => {
    const { Upload: TusUpload } = await import("tus-js-client");
    const samples: { at: number; bytes: number }[] = [];
    setState(IDLE);
    pausedByUser.current = false;
    return new Promise<string>((resolve, reject) => {
      // A request in flight when the network goes may hang rather than fail: stop it at once and
      // go on from the server's offset as soon as the browser is back online.
      const offline = () => {
        void current.current?.abort();
        setState((state) => (state ? { ...state, retrying: true, bytesPerSecond: null, secondsLeft: null } : state));
      };
      const online = () => {
        if (!pausedByUser.current) current.current?.start();
      };
      window.addEventListener("offline", offline);
      window.addEventListener("online", online);
      const finish = () => {
        current.current = null;
        window.removeEventListener("offline", offline);
        window.removeEventListener("online", online);
      };
      let resuming = false;
      const tus = new TusUpload(file, {
        endpoint: `${config.apiBase}${API.uploads.mount}`,
        metadata: { filename: file.name, filetype: file.type },
        retryDelays: RETRY_DELAYS_MS,
        storeFingerprintForResuming: true,
        // A finished upload is kept as a recording: the same file chosen again (on either tool) is
        // found complete and not sent again. One since deleted answers 404 and is uploaded anew.
        removeFingerprintOnSuccess: false,
        onBeforeRequest(request) {
          const token = storedToken();
          if (token) request.setHeader("authorization", `Bearer ${token}`);
          // The recording belongs to the workspace the person acts in.
          const workspace = storedWorkspace();
          if (workspace) request.setHeader(WORKSPACE_HEADER, workspace);
        },
        onShouldRetry(error) {
          const status = error.originalResponse?.getStatus() ?? 0;
          // Our own refusals (401, 402, 413, 415 …) will not change on a retry; 409 and 423 may.
          const retry = !(status >= 400 && status < 500 && status !== 409 && status !== 423);
          if (retry) setState((state) => (state ? { ...state, retrying: true, bytesPerSecond: null } : state));
          return retry;
        },
        onProgress(sent, total) {
          const now = performance.now();
          samples.push({ at: now, bytes: sent });
          while (samples.length > 2 && now - (samples[0]?.at ?? now) > SPEED_WINDOW_MS) samples.shift();
          const first = samples[0];
          const elapsed = first ? (now - first.at) / 1000 : 0;
          const speed = first && elapsed > 0.5 ? (sent - first.bytes) / elapsed : null;
          setState((previous) => ({
            ...(previous ?? IDLE),
            fraction: total ? sent / total : 0,
            bytesPerSecond: speed,
            secondsLeft: speed ? (total - sent) / speed : null,
            retrying: false,
            // Said with the first figure from the server's offset: said before it, the line read
            // "Uploading 0% · resumed where it stopped" until the offset came.
            resumed: resuming,
          }));
        },
        onError(error) {
          finish();
          const response = (error as { originalResponse?: { getStatus(): number; getBody(): string } })
            .originalResponse;
          const status = response?.getStatus() ?? 0;
          if (status === 401) {
            clearSession();
            window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
          }
          let message = "The upload stopped. Check your connection and try again; it will continue where it left off.";
          try {
            const body = JSON.parse(response?.getBody() ?? "") as { message?: unknown };
            if (typeof body.message === "string") message = body.message;
          } catch {
            // not one of our JSON errors: keep the general message
          }
          reject(new ApiError(status, status ? "upload_failed" : "network_error", message));
        },
        onSuccess() {
          finish();
          resolve((tus.url ?? "").split("/").pop() ?? "");
        },
      });
      current.current = tus;
      void tus.findPreviousUploads().then(
        (previous) => {
          const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
          if (latest) {
            tus.resumeFromPreviousUpload(latest);
            resuming = true;
          }
          tus.start();
        },
        (error) => {
          finish();
          reject(error);
        },
      );
    });
  }, []);

  const pause = useCallback(() => {
    pausedByUser.current = true;
    void current.current?.abort();
    setState((state) => (state ? { ...state, paused: true, bytesPerSecond: null, secondsLeft: null } : state));
  }, []);

  const resume = useCallback(() => {
    pausedByUser.current = false;
    current.current?.start();
    setState((state) => (state ? { ...state, paused: false } : state));
  }, []);

  const reset = useCallback(() => setState(null), []);

  return { state, upload, pause, resume, reset };
}
