import type { Context } from "hono";
import { Hono } from "hono";
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env.ts";
import { SANDBOX_PATH } from "../core/config.ts";
import { ApiError } from "../core/errors.ts";
import { readUpload, type UploadRule } from "../core/read-upload.ts";
import { ANALYSIS_FORMATS_HINT, formatBytes } from "../recordings/contracts/media.ts";

/**
 * A stand-in for the external Vox Shield detector, which the Shield page frames when the site names
 * no detector of its own. It analyses nothing: its verdict is derived from a hash of the file's
 * bytes, so the same file always gets the same answer and a journey can be walked end to end.
 */
export const sandboxShield = new Hono<AppEnv>();

/** Enough for a few minutes of compressed audio; the stand-in only hashes what it is given. */
export const SHIELD_MAX_BYTES = 10 * 1024 * 1024;

const UPLOAD: UploadRule = {
  field: "audio",
  maxBytes: SHIELD_MAX_BYTES,
  accepts: (type) => type.startsWith("audio/") || type.startsWith("video/"),
  missing: "Choose an audio file to check.",
  wrongType: `Choose an audio or video file: ${ANALYSIS_FORMATS_HINT}.`,
};

const ACTION = `${SANDBOX_PATH}/shield`;

interface ShieldVerdict {
  readonly sandbox: true;
  readonly verdict: "likely_authentic" | "inconclusive" | "likely_synthetic";
  readonly label: string;
  /** 0–100: how likely the stand-in says the voice is synthetic. */
  readonly syntheticLikelihood: number;
  readonly sha256: string;
  readonly bytes: number;
  readonly name: string;
  readonly note: string;
}

async function verdictFor(file: File): Promise<ShieldVerdict> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await file.arrayBuffer()));
  const likelihood = Math.round((((digest[0] ?? 0) << 8) | (digest[1] ?? 0)) / 655.35);
  const [verdict, label] =
    likelihood < 34
      ? (["likely_authentic", "Likely authentic"] as const)
      : likelihood < 67
        ? (["inconclusive", "Inconclusive"] as const)
        : (["likely_synthetic", "Likely synthetic"] as const);
  return {
    sandbox: true,
    verdict,
    label,
    syntheticLikelihood: likelihood,
    sha256: Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join(""),
    bytes: file.size,
    name: file.name,
    note: "Sandbox verdict: derived from a hash of the file, not from an analysis of the voice.",
  };
}

/** A browser's form asks for HTML; a script or test for JSON. */
const wantsHtml = (c: Context<AppEnv>) => c.req.header("accept")?.includes("text/html") ?? false;

function page(body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Vox Shield detector (sandbox stand-in)</title>
        <style>
          body { font-family: system-ui, sans-serif; margin: 0; padding: 1.25rem; color: #111827; background: #f9fafb; }
          .banner { background: #fef3c7; border: 1px solid #b45309; color: #78350f; padding: 0.75rem 1rem; border-radius: 8px; }
          h1 { font-size: 1.4rem; }
          form { display: grid; gap: 0.75rem; max-width: 28rem; }
          button { min-height: 44px; border-radius: 8px; border: 0; background: #1d4ed8; color: #fff; font-size: 1rem; cursor: pointer; }
          .verdict { background: #fff; border: 1px solid #d1d5db; border-radius: 8px; padding: 1rem; margin-top: 1rem; max-width: 28rem; }
          .error { color: #b91c1c; }
          code { word-break: break-all; }
        </style>
      </head>
      <body>
        <p class="banner" role="note">
          <strong>Sandbox stand-in for the Vox Shield detector.</strong> This local page replaces the external detector
          while the product runs in its sandbox. Its verdicts are made up from the file's bytes and mean nothing.
        </p>
        <h1>Check a voice recording</h1>
        <form method="post" action="${ACTION}" enctype="multipart/form-data">
          <label for="audio">Audio file (up to ${formatBytes(SHIELD_MAX_BYTES)})</label>
          <input id="audio" name="audio" type="file" accept="audio/*,video/*" required />
          <button type="submit">Check recording</button>
        </form>
        ${body}
      </body>
    </html>`;
}

sandboxShield.get("/", (c) => {
  c.set("framedBySite", true);
  return c.html(page(html``));
});

sandboxShield.post("/", async (c) => {
  c.set("framedBySite", true);
  try {
    const result = await verdictFor((await readUpload(c, UPLOAD)).file);
    if (!wantsHtml(c)) return c.json(result);
    return c.html(
      page(html`<section class="verdict" aria-label="Sandbox verdict">
        <h2>Sandbox verdict: ${result.label}</h2>
        <p>Synthetic likelihood: ${result.syntheticLikelihood}%</p>
        <p>${result.name} · ${formatBytes(result.bytes)}</p>
        <p>SHA-256 <code>${result.sha256}</code></p>
        <p>${result.note}</p>
      </section>`),
    );
  } catch (error) {
    if (!(error instanceof ApiError) || !wantsHtml(c)) throw error;
    return c.html(page(html`<p class="error" role="alert">${error.message}</p>`), error.status as ContentfulStatusCode);
  }
});
