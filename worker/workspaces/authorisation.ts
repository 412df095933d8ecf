import { TrieRouter } from "hono/router/trie-router";
import { API } from "../contracts/api-paths.ts";
import type { Role } from "./contracts/workspaces.ts";

/**
 * Who may use each signed-in route: the least role (each role may do all a lesser one may), or
 * `self` for what is the person's own and ignores the workspace (their password, sessions,
 * preferences, profile, data download, account, and the workspaces they belong to). A viewer reads,
 * plays and exports; an editor also creates, edits, deletes, sends and publishes; an admin also
 * manages members and invitations and the sending domain; the owner also holds billing.
 *
 * `requireUser` (and the tool gate, through `admit`) looks every request up here: a route missing
 * from the table is refused, and tests/worker/workspaces-roles.test.ts drives every route the Worker
 * mounts against every role. docs/workspaces.md lists the table in words.
 */
export type Least = Role | "self";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const { auth, account, profile, preferences, vocabulary, workspaces, workspace } = API;
const { billing, payments, processPay, tts, voiceConversion, voice, history, audio } = API;
const { sentiment, pressReleases: releases, live, liveTranscripts, uploads, recordings, organisation, contacts } = API;

/** Routes every job kind serves (`jobs/job-routes.ts`). */
const jobRoutes = (kind: typeof sentiment | typeof releases) =>
  [
    ["GET", kind.path.jobs, "viewer"],
    ["POST", kind.path.jobs, "editor"],
    ["GET", kind.path.job, "viewer"],
    ["DELETE", kind.path.job, "editor"],
    ["GET", kind.path.audio, "viewer"],
    ["POST", kind.path.audioUrl, "viewer"],
    ["GET", kind.path.transcriptExport, "viewer"],
    ["PATCH", kind.path.speakers, "editor"],
  ] as const;

/** Every signed-in route, as method, path (from `API`) and the least role. Specific paths before `:param` ones. */
export const AUTHORISATION: ReadonlyArray<readonly [Method, string, Least]> = [
  // The person's own.
  ["GET", auth.path.me, "self"],
  ["POST", auth.path.logout, "self"],
  ["POST", auth.path.changePassword, "self"],
  ["POST", auth.path.deleteAccount, "self"],
  ["PATCH", profile.path.profile, "self"],
  ["GET", preferences.path.preferences, "self"],
  ["PUT", preferences.path.preferences, "self"],
  ["GET", account.path.export, "self"],
  ["GET", account.path.exportFiles, "self"],
  ["POST", account.path.exportFilesLinks, "self"],
  ["GET", workspaces.path.list, "self"],
  ["POST", workspace.path.accept, "self"],

  // The workspace itself.
  ["GET", workspace.path.workspace, "viewer"],
  ["GET", workspace.path.members, "viewer"],
  ["PATCH", workspace.path.member, "admin"],
  // A member may remove themselves (leave); removing anyone else takes an admin (checked by the route).
  ["DELETE", workspace.path.member, "viewer"],
  ["GET", workspace.path.invitations, "admin"],
  ["POST", workspace.path.invitations, "admin"],
  ["DELETE", workspace.path.invitation, "admin"],
  ["GET", workspace.path.audit, "admin"],
  ["POST", workspace.path.owner, "owner"],

  // Billing: the owner's card and plan.
  ["GET", billing.path.summary, "owner"],
  ["PATCH", billing.path.summary, "owner"],
  ["GET", billing.path.invoices, "owner"],
  ["GET", billing.path.invoice, "owner"],
  ["POST", payments.path.initialize, "owner"],
  ["GET", processPay.path.back, "owner"],

  // The tools.
  ["POST", tts.path.speak, "editor"],
  ["POST", tts.path.toneMarks, "editor"],
  ["POST", voiceConversion.path.convert, "editor"],
  ["POST", voice.path.token, "editor"],
  ["GET", history.path.list, "viewer"],
  ["GET", audio.path.item, "viewer"],
  ["DELETE", audio.path.item, "editor"],

  // Reports and press releases.
  ...jobRoutes(sentiment),
  ["GET", sentiment.path.report, "viewer"],
  ...jobRoutes(releases),
  ["PATCH", releases.path.job, "editor"],
  ["GET", releases.path.versions, "viewer"],
  ["GET", releases.path.export, "viewer"],
  ["PATCH", releases.path.translation, "editor"],
  ["GET", releases.path.translationVersions, "viewer"],
  ["GET", releases.path.translationExport, "viewer"],
  ["POST", releases.path.regenerate, "editor"],
  ["GET", releases.path.regeneration, "viewer"],
  ["POST", releases.path.headline, "editor"],
  ["GET", releases.path.publish, "viewer"],
  ["POST", releases.path.publish, "editor"],
  ["DELETE", releases.path.publish, "editor"],
  ["GET", releases.path.coverage, "viewer"],
  ["POST", releases.path.coverage, "editor"],
  ["DELETE", releases.path.coverageItem, "editor"],
  ["POST", releases.path.send, "editor"],
  ["GET", releases.path.distribution, "viewer"],
  ["GET", releases.path.attachments, "viewer"],
  ["POST", releases.path.attachments, "editor"],
  ["PATCH", releases.path.recordingAttachment, "editor"],
  ["DELETE", releases.path.attachment, "editor"],

  // Live transcription.
  ["POST", live.path.ticket, "editor"],
  ["GET", live.path.usage, "viewer"],
  ["POST", live.path.share, "editor"],
  ["DELETE", live.path.share, "editor"],
  ["POST", live.path.sessionShare, "editor"],
  ["DELETE", live.path.sessionShare, "editor"],
  ["GET", liveTranscripts.path.list, "viewer"],
  ["GET", liveTranscripts.path.export, "viewer"],
  ["PATCH", liveTranscripts.path.speakers, "editor"],
  ["GET", liveTranscripts.path.transcript, "viewer"],
  ["POST", liveTranscripts.path.transcript, "editor"],
  ["DELETE", liveTranscripts.path.transcript, "editor"],

  // Recordings and their uploads.
  ["POST", uploads.path.create, "editor"],
  ["GET", uploads.path.upload, "editor"],
  ["PATCH", uploads.path.upload, "editor"],
  ["DELETE", uploads.path.upload, "editor"],
  ["GET", recordings.path.list, "viewer"],
  ["DELETE", recordings.path.recording, "editor"],

  // The organisation: its press kit, vocabulary, media list and sending domain.
  ["GET", organisation.path.kit, "viewer"],
  ["PUT", organisation.path.kit, "editor"],
  ["GET", organisation.path.sendingDomain, "viewer"],
  ["PUT", organisation.path.sendingDomain, "admin"],
  ["POST", organisation.path.verifySendingDomain, "admin"],
  ["DELETE", organisation.path.sendingDomain, "admin"],
  ["GET", vocabulary.path.terms, "viewer"],
  ["PUT", vocabulary.path.terms, "editor"],
  ["GET", contacts.path.list, "viewer"],
  ["GET", contacts.path.tags, "viewer"],
  ["POST", contacts.path.import, "editor"],
  ["PATCH", contacts.path.contact, "editor"],
  ["DELETE", contacts.path.contact, "editor"],
];

const router = new TrieRouter<Least>();
for (const [method, path, least] of AUTHORISATION) router.add(method, path, least);

/** The least role `method` on `path` needs, or null for a route the table does not name. */
export function leastRoleFor(method: string, path: string): Least | null {
  const [matches] = router.match(method === "HEAD" ? "GET" : method, path);
  return (matches[0]?.[0] as Least | undefined) ?? null;
}
