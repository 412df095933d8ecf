// Folders each journey in docs/architecture.md touches, before the feature folders (7015f31) and
// now: each journey's files as they were then, followed to today's paths through git's renames.
// `npm run journeys` (needs the history; a shallow clone does not have it).
import { execFileSync } from "node:child_process";
import path from "node:path";

const BEFORE = "7015f31";
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8", maxBuffer: 1 << 26 });

const renames: Record<string, string> = {
  // Merged into another file since, which rename detection cannot follow.
  "worker/routes/press-release-editing.ts": "worker/press-releases/press-release-routes.ts",
  // Moved, then rewritten past what rename detection pairs across the whole range.
  "worker/release-export/docx.ts": "worker/press-releases/export/docx.ts",
  "worker/auth/sessions.ts": "worker/accounts/sessions.ts",
  "worker/jobs/release-versions.ts": "worker/press-releases/release-versions.ts",
  "durable/caption-viewers.ts": "worker/live/caption-viewers.ts",
  "worker/contracts/live-handover.ts": "worker/live/contracts/live-handover.ts",
};
for (const line of git("diff", "--name-status", "-M40%", BEFORE, "HEAD").split("\n")) {
  const [status, from, to] = line.split("\t");
  if (status?.startsWith("R") && from && to) renames[from] ??= to;
}
const exists = (file: string) => {
  try {
    git("cat-file", "-e", `HEAD:${file}`);
    return true;
  } catch {
    return false;
  }
};

const JOURNEYS: Record<string, readonly string[]> = {
  "press release: form -> stored release -> DOCX": [
    "site/src/pages/voxrelease.tsx",
    "site/src/tools/press-release/press-release-tool.tsx",
    "site/src/tools/press-release/press-release-result.tsx",
    "site/src/tools/jobs/use-jobs.ts",
    "site/src/tools/download.ts",
    "site/src/api/analysis.ts",
    "site/src/api/press-release-editing.ts",
    "site/src/api/client.ts",
    "worker/contracts/jobs.ts",
    "worker/contracts/job-schema.ts",
    "worker/contracts/press-releases.ts",
    "worker/contracts/release-markdown.ts",
    "worker/contracts/release-options.ts",
    "worker/index.ts",
    "worker/app.ts",
    "worker/routes/jobs.ts",
    "worker/routes/press-release-editing.ts",
    "worker/auth/sessions.ts",
    "worker/auth/tool-gate.ts",
    "worker/uploads.ts",
    "worker/uploads/json-body.ts",
    "worker/validate.ts",
    "worker/errors.ts",
    "worker/rate-limit.ts",
    "worker/routing.ts",
    "worker/jobs/intake.ts",
    "worker/jobs/kinds.ts",
    "worker/jobs/lifecycle.ts",
    "durable/job-intake.ts",
    "durable/job-workflow.ts",
    "worker/jobs/engine.ts",
    "worker/jobs/pipeline.ts",
    "worker/jobs/language-steps.ts",
    "worker/jobs/job-transcripts.ts",
    "worker/jobs/press-release-steps.ts",
    "worker/jobs/press-release-prompt.ts",
    "worker/jobs/store.ts",
    "worker/jobs/release-versions.ts",
    "worker/jobs/release-headlines.ts",
    "worker/jobs/own-job.ts",
    "worker/uploads/media-url.ts",
    "worker/providers/assemblyai.ts",
    "worker/release-export/docx.ts",
  ],
  "caption: microphone -> relay -> /watch viewer reading a translation": [
    "site/src/tools/live/live-tool.tsx",
    "site/src/tools/live/use-live-transcription.ts",
    "site/src/tools/live/live-connection.ts",
    "site/src/tools/live/share-captions.tsx",
    "site/src/api/live.ts",
    "site/src/api/socket-url.ts",
    "site/src/pages/watch.tsx",
    "site/src/tools/live/captions/caption-viewer.tsx",
    "site/src/tools/live/captions/use-caption-feed.ts",
    "worker/contracts/live.ts",
    "worker/contracts/live-constants.ts",
    "worker/contracts/live-closes.ts",
    "worker/contracts/live-handover.ts",
    "worker/contracts/languages.ts",
    "worker/index.ts",
    "worker/app.ts",
    "worker/watch-page.ts",
    "worker/routes/live.ts",
    "worker/routes/live-captions.ts",
    "worker/auth/sessions.ts",
    "worker/auth/tokens.ts",
    "worker/auth/tool-gate.ts",
    "worker/routing.ts",
    "worker/live/tickets.ts",
    "worker/live/admission.ts",
    "worker/live/relay-handover.ts",
    "worker/live/caption-shares.ts",
    "durable/transcription-relay.ts",
    "worker/live/speaker-socket.ts",
    "worker/live/provider-stream.ts",
    "worker/live/provider-closes.ts",
    "worker/live/session-state.ts",
    "worker/live/session-finals.ts",
    "worker/live/meter.ts",
    "worker/providers/deepgram-live.ts",
    "worker/providers/live-transcription.ts",
    "worker/object-providers.ts",
    "durable/caption-viewers.ts",
    "worker/live/caption-translation.ts",
    "worker/providers/spitch.ts",
    "worker/d1.ts",
  ],
};
// A feature folder's own subfolders (contracts/, export/, uploads/) are inside the feature a reader opens.
const feature = (dir: string) => dir.replace(/\/(contracts|export|uploads|captions)$/, "");
for (const [name, files] of Object.entries(JOURNEYS)) {
  const now = files.map((file) => {
    const to = renames[file] ?? file;
    if (!exists(to)) {
      // A count with a file missing is a wrong count: add its path to `renames`.
      console.error(`  not found now: ${file} (-> ${to})`);
      process.exitCode = 1;
    }
    return to;
  });
  const dirs = (list: readonly string[]) => new Set(list.map((file) => path.posix.dirname(file)));
  const before = dirs(files);
  const after = dirs(now);
  console.log(`${name}: ${files.length} files`);
  console.log(`  folders: ${before.size} before, ${after.size} now`);
  console.log(
    `  feature folders (subfolders in their feature): ${new Set([...before].map(feature)).size} before, ${new Set([...after].map(feature)).size} now`,
  );
  console.log(`  now: ${[...after].sort().join(", ")}`);
}
