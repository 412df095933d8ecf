/**
 * Every path the Worker serves and the site calls, written once (tests/worker/api-paths.test.ts
 * refuses one written anywhere else). Each router has the path it is mounted at and the paths it
 * registers under it (`at`); `path` joins the two, which is what the site calls. A path with
 * `:name` parameters is filled by `pathOf`. No imports: a tool page's first load carries this file.
 */

import type { JobKind } from "../jobs/contracts/jobs.ts";

export { PAGE_PATHS } from "./page-paths.ts";

type Under = Readonly<Record<string, `/${string}`>>;
type Joined<M extends string, P extends Under> = { readonly [K in keyof P]: P[K] extends "/" ? M : `${M}${P[K]}` };

function router<const M extends `/${string}`, const P extends Under>(mount: M, at: P) {
  const path = Object.fromEntries(
    Object.entries(at).map(([name, sub]) => [name, sub === "/" ? mount : `${mount}${sub}`]),
  ) as Joined<M, P>;
  return { mount, at, path } as const;
}

/** What every job kind serves under its mount (`jobs/job-routes.ts`). */
const JOB_AT = {
  jobs: "/",
  job: "/:id",
  /** The job's recording, with Range. */
  audio: "/:id/audio",
  /** A media URL a player streams the recording from. */
  audioUrl: "/:id/audio/url",
  speakers: "/:id/speakers",
} as const;

export const API = {
  health: router("/api/health", { status: "/" }),
  auth: router("/auth", {
    register: "/register",
    signin: "/signin",
    me: "/me",
    logout: "/logout",
    forgotPassword: "/forgot-password",
    verifyOtp: "/verify-otp",
    verifyEmail: "/verify-email",
    resendVerification: "/resend-verification",
    resetPassword: "/reset-password",
    changePassword: "/change-password",
    deleteAccount: "/delete-account",
  }),
  contact: router("/api", { request: "/" }),
  /** `PATCH`: the signed-in person's name, phone and organisation. */
  profile: router("/api/profile", { profile: "/" }),
  /** The media list: `import` takes `text/csv` (`?preview=1` only checks it). */
  contacts: router("/api/contacts", { list: "/", import: "/import", tags: "/tags", contact: "/:id" }),
  plans: router("/api/plans", { list: "/" }),
  payments: router("/api/payments", { initialize: "/initialize", webhook: "/webhook" }),
  /** Where the payment provider sends the browser back after checkout. */
  processPay: router("/processpay", { back: "/" }),
  /** `invoice` answers the invoice as `?format=pdf`. */
  billing: router("/api/billing", { summary: "/", invoices: "/invoices", invoice: "/invoices/:id" }),
  tts: router("/api/tts", { speak: "/", voices: "/voices", toneMarks: "/tone-marks" }),
  voiceConversion: router("/api/voice-conversion", { convert: "/" }),
  voice: router("/api/voice", { token: "/token" }),
  history: router("/api/history", { list: "/" }),
  audio: router("/api/audio", { item: "/:id" }),
  /**
   * `transcriptExport`: the transcript as `?format=txt|srt|vtt|docx`; `report`: the whole report,
   * under the press kit's letterhead, as `?format=docx|pdf`.
   */
  sentiment: router("/api/sentiment", { ...JOB_AT, transcriptExport: "/:id/export", report: "/:id/report" }),
  pressReleases: router("/api/press-releases", {
    ...JOB_AT,
    /** Its source's transcript (`?format=txt|srt|vtt|docx`): `/:id/export` is the release itself. */
    transcriptExport: "/:id/transcript/export",
    /** `GET`: the release's versions; `PATCH` on the job saves a new one. */
    versions: "/:id/versions",
    /** The release as DOCX, PDF, plain text or Markdown. */
    export: "/:id/export",
    /** `PATCH`: saves the copy in the recording's language (a new version of that copy). */
    translation: "/:id/translation",
    translationVersions: "/:id/translation/versions",
    /** The copy in the recording's language as DOCX, PDF, plain text or Markdown. */
    translationExport: "/:id/translation/export",
    regenerate: "/:id/regenerate",
    regeneration: "/:id/regenerations/:regenerationId",
    headline: "/:id/headline",
    /** `POST`: puts the release on the account's newsroom, now or at its embargo; `DELETE` takes it down. */
    publish: "/:id/publish",
    /** `GET` the release's coverage log, `POST` an article or broadcast to it. */
    coverage: "/:id/coverage",
    coverageItem: "/:id/coverage/:coverageId",
    /** `POST`: mails the release to the media list (or the contacts of some tags), in the background. */
    send: "/:id/send",
    /** Whom the release was sent to and what they did with it. */
    distribution: "/:id/distribution",
    /** `GET` the release's images and whether its recording is attached; `POST` an image (multipart). */
    attachments: "/:id/attachments",
    /** `PATCH {attach}`: the release's recording attached as an audio clip, or not. */
    recordingAttachment: "/:id/attachments/recording",
    attachment: "/:id/attachments/:attachmentId",
  }),
  /** What a sent release's e-mail links to: its open pixel and its tracked link (worker/distribution). */
  tracking: router("/t", { open: "/o/:token", click: "/c/:token" }),
  /** A sent release's unsubscribe page (`GET`) and one-click unsubscribe (`POST`). */
  unsubscribe: router("/u", { page: "/:token" }),
  /** The mail provider's signed delivery events: bounces and complaints. */
  mailEvents: router("/api/mail", { webhook: "/webhook" }),
  live: router("/api/live", {
    /** The speaker's WebSocket. */
    socket: "/",
    ticket: "/ticket",
    usage: "/usage",
    /** A caption link for the next session, before it starts. */
    share: "/share",
    sessionShare: "/sessions/:session_id/share",
    /** A caption viewer's WebSocket. */
    watch: "/watch",
  }),
  liveTranscripts: router("/api/live/transcripts", {
    list: "/",
    transcript: "/:id",
    export: "/:id/export",
    speakers: "/:id/speakers",
  }),
  /** tus: `POST` creates an upload; `HEAD`/`PATCH`/`DELETE` on the upload resume, append and end it. */
  uploads: router("/api/uploads", { create: "/", upload: "/:id" }),
  recordings: router("/api/recordings", { list: "/", recording: "/:id" }),
  media: router("/api/media", { link: "/:token" }),
  preferences: router("/api/preferences", { preferences: "/" }),
  vocabulary: router("/api/vocabulary", { terms: "/" }),
  /** The press kit and newsroom address (`kit`), and the organisation's own sending domain. */
  organisation: router("/api/organisation", {
    kit: "/",
    sendingDomain: "/sending-domain",
    verifySendingDomain: "/sending-domain/verify",
  }),
  account: router("/api/account", {
    /** Everything the account holds, as one JSON file. */
    export: "/export",
    /** The account's stored audio as a zip; `?part=N` when it needs more than one. */
    exportFiles: "/export/files",
    /** `POST`: links the browser downloads those zips from itself (no bearer token needed). */
    exportFilesLinks: "/export/files/links",
  }),
  /** Where the account's file links point. */
  downloads: router("/api/downloads", { part: "/:token/:part" }),
  /** The workspaces the signed-in person belongs to (the header's switcher). */
  workspaces: router("/api/workspaces", { list: "/" }),
  /** The workspace a request acts in (`x-vox-workspace`): its seats, members, invitations and audit log. */
  workspace: router("/api/workspace", {
    workspace: "/",
    members: "/members",
    member: "/members/:userId",
    invitations: "/invitations",
    /** `POST {token}` by the signed-in account the invitation was sent to. */
    accept: "/invitations/accept",
    invitation: "/invitations/:id",
    audit: "/audit",
    /** `POST {user_id}` by the owner: hands the workspace to that member; the owner stays an admin. */
    owner: "/owner",
  }),
  /** An account's public newsroom (HTML pages and an RSS feed, worker/newsroom), for anyone. */
  newsroom: router("/newsroom", {
    newsroom: "/:slug",
    feed: "/:slug/rss.xml",
    release: "/:slug/:release",
    /** A public release's files: an image by its id, `recording`, `release.docx` or `release.pdf`. */
    file: "/:slug/:release/files/:file",
  }),
  /** The page Vox Shield frames when the site names no detector of its own (`VITE_SHIELD_URL`). */
  shield: router("/api/shield", { detector: "/" }),
} as const;

/** Each kind of job's router: where it is started, listed, polled, played and deleted. */
export const JOB_ROUTERS = {
  press_release: API.pressReleases,
  sentiment: API.sentiment,
} as const satisfies Record<JobKind, { mount: string; at: typeof JOB_AT & { transcriptExport: string } }>;

/** Where each kind of job is mounted. */
export const JOB_PATHS = {
  press_release: JOB_ROUTERS.press_release.mount,
  sentiment: JOB_ROUTERS.sentiment.mount,
} as const satisfies Record<JobKind, string>;

type Params<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | Params<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with its `:name` parameters filled in, each encoded. */
export function pathOf<const P extends string>(path: P, params: Readonly<Record<Params<P>, string>>): string {
  return path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Readonly<Record<string, string>>)[name] ?? ""),
  );
}
