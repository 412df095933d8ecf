import { mountSandbox } from "@vox/sandbox";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { account, downloads } from "./accounts/account-routes.ts";
import { auth } from "./accounts/auth-routes.ts";
import { ACCOUNT_EXPORT_PATHS, ZIP_PARTS_HEADER } from "./accounts/contracts/account-export.ts";
import { profile } from "./accounts/profile-routes.ts";
import type { AppEnv } from "./app-env.ts";
import { remoteTrace } from "./bench/remote-trace.ts";
import { billing } from "./billing/billing-routes.ts";
import { payments, plans, processPay } from "./billing/payment-routes.ts";
import { giveBackRefusedCalls } from "./billing/tool-gate.ts";
import { contact } from "./contact/contact-routes.ts";
import { contacts } from "./contacts/contacts-routes.ts";
import { API } from "./contracts/api-paths.ts";
import { loadConfig, providerEndpoint, SANDBOX_PATH } from "./core/config.ts";
import { ApiError, ConfigError, errorResponse, handleError } from "./core/errors.ts";
import { health } from "./core/health-routes.ts";
import { isLoopbackHost } from "./core/loopback.ts";
import { securityHeaders } from "./core/security.ts";
import { distribution } from "./distribution/distribution-routes.ts";
import { mailEvents } from "./distribution/mail-event-routes.ts";
import { tracking, unsubscribing } from "./distribution/tracking-routes.ts";
import { jobRoutes } from "./jobs/job-routes.ts";
import { liveCaptions } from "./live/caption-routes.ts";
import { live } from "./live/live-routes.ts";
import { liveTranscripts } from "./live/transcript-routes.ts";
import { newsroomPages } from "./newsroom/newsroom-routes.ts";
import { publishing } from "./newsroom/publish-routes.ts";
import { organisation } from "./organisation/organisation-routes.ts";
import { sendingDomain } from "./organisation/sending-domain-routes.ts";
import { preferences, vocabulary } from "./preferences/preferences-routes.ts";
import { releaseAttachments } from "./press-releases/attachment-routes.ts";
import { pressReleases } from "./press-releases/press-release-routes.ts";
import { TUS_REQUEST_HEADERS, TUS_RESPONSE_HEADERS } from "./recordings/contracts/upload-constants.ts";
import { recordings } from "./recordings/recording-routes.ts";
import { media } from "./recordings/uploads/media-routes.ts";
import { tusHeaders, tusUploads } from "./recordings/uploads/upload-routes.ts";
import { sentiment } from "./reports/sentiment-routes.ts";
import { shield } from "./shield/shield-routes.ts";
import { audio, history } from "./speech/audio-routes.ts";
import { tts } from "./speech/tts-routes.ts";
import { voiceConversion } from "./speech/voice-conversion-routes.ts";
import { voiceAssistant } from "./voice-assistant/voice-assistant-routes.ts";
import { WORKSPACE_HEADER } from "./workspaces/contracts/workspaces.ts";
import { workspace, workspaces } from "./workspaces/workspace-routes.ts";

export const app = new Hono<AppEnv>();

app.use("*", securityHeaders);

app.use("*", async (c, next) => {
  const config = loadConfig(c.env);
  const url = new URL(c.req.url);
  const origin = url.origin;
  // The sandbox shows every one-time code in its outbox and fakes payments: it exists only for a
  // Worker reached on this machine. Anywhere else its paths do not exist and nothing else runs.
  if (config.sandbox && !isLoopbackHost(url.hostname)) {
    if (url.pathname === SANDBOX_PATH || url.pathname.startsWith(`${SANDBOX_PATH}/`)) {
      throw new ApiError(404, "not_found", "Not found");
    }
    throw new ConfigError(`SANDBOX=1 is only allowed on a loopback host, not ${url.hostname}`);
  }
  if (config.sandbox && !sandboxBuilt) {
    throw new ConfigError("SANDBOX=1, but this is a production build, which leaves the sandbox out");
  }
  let executionCtx: Parameters<typeof app.fetch>[2];
  try {
    executionCtx = c.executionCtx;
  } catch {
    executionCtx = undefined; // app.request() in tests runs without one
  }
  // The bindings as the runtime gave them: a traced request's emulators must not be traced too.
  const env = c.env;
  const dispatch = async (request: Request) => app.fetch(request, env, executionCtx);
  c.set("config", config);
  c.set("dispatch", dispatch);
  c.set("provider", (provider) => providerEndpoint(config, provider, { origin, sandboxFetch: dispatch }));
  c.set("edgeCache", caches.default);
  await next();
});

app.use("*", remoteTrace);
app.use("*", giveBackRefusedCalls);
app.use(`${API.uploads.mount}/*`, tusHeaders);

/**
 * Cross-origin calls only from the site's own origin when it is hosted apart (SITE_URL); the
 * bearer token travels in a header, so no credentials mode and never a wildcard.
 */
app.use(
  "*",
  cors({
    origin: (origin, c) => (c.var.config.siteUrl !== null && origin === c.var.config.siteUrl ? origin : null),
    allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowHeaders: ["authorization", "content-type", "accept", WORKSPACE_HEADER, ...TUS_REQUEST_HEADERS],
    exposeHeaders: [
      "x-vox-cache",
      "x-vox-audio-id",
      "x-vox-session",
      "retry-after",
      "location",
      "content-range",
      "content-disposition",
      ZIP_PARTS_HEADER,
      ...TUS_RESPONSE_HEADERS,
    ],
    maxAge: 600,
  }),
);

/**
 * Every feature's router and where it is mounted, in the order they are tried: a job kind's shared
 * routes (`jobRoutes`) come before the kind's own, which add to the same paths.
 */
const MOUNTS: ReadonlyArray<readonly [path: string, router: Hono<AppEnv>]> = [
  [API.health.mount, health],
  [API.plans.mount, plans],
  [API.payments.mount, payments],
  [API.billing.mount, billing],
  [API.processPay.mount, processPay],
  [API.tts.mount, tts],
  [API.voiceConversion.mount, voiceConversion],
  [API.sentiment.mount, jobRoutes("sentiment")],
  [API.sentiment.mount, sentiment],
  [API.pressReleases.mount, jobRoutes("press_release")],
  [API.pressReleases.mount, pressReleases],
  [API.pressReleases.mount, publishing],
  [API.pressReleases.mount, distribution],
  [API.pressReleases.mount, releaseAttachments],
  [API.liveTranscripts.mount, liveTranscripts],
  [API.live.mount, liveCaptions],
  [API.live.mount, live],
  [API.uploads.mount, tusUploads],
  [API.recordings.mount, recordings],
  [API.media.mount, media],
  [API.voice.mount, voiceAssistant],
  [API.history.mount, history],
  [API.preferences.mount, preferences],
  [API.organisation.mount, organisation],
  [API.organisation.mount, sendingDomain],
  [API.vocabulary.mount, vocabulary],
  [API.audio.mount, audio],
  [API.account.mount, account],
  [ACCOUNT_EXPORT_PATHS.downloads, downloads],
  [API.shield.mount, shield],
  [API.contact.mount, contact],
  [API.profile.mount, profile],
  [API.contacts.mount, contacts],
  [API.workspaces.mount, workspaces],
  [API.workspace.mount, workspace],
  [API.auth.mount, auth],
  [API.newsroom.mount, newsroomPages],
  [API.tracking.mount, tracking],
  [API.unsubscribe.mount, unsubscribing],
  [API.mailEvents.mount, mailEvents],
];
for (const [path, router] of MOUNTS) app.route(path, router);
const sandboxBuilt = mountSandbox(app, SANDBOX_PATH);

app.notFound((c) => errorResponse(c, new ApiError(404, "not_found", `No route for ${c.req.method} ${c.req.path}`)));
app.onError(handleError);
