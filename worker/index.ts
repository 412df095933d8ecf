import { app } from "./app.ts";
import { provideAppFetch } from "./in-process.ts";
import { sweepExpiredUploads } from "./uploads/expiry.ts";
import { watchPage } from "./watch-page.ts";

export { PressReleaseJob } from "../durable/press-release-job.ts";
export { RateLimiter } from "../durable/rate-limiter.ts";
export { SentimentJob } from "../durable/sentiment-job.ts";
export { TranscriptionRelay } from "../durable/transcription-relay.ts";

provideAppFetch((request, env) => app.fetch(request, env));

export default {
  fetch: (request, env, ctx) => watchPage(request, env) ?? app.fetch(request, env, ctx),
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(sweepExpiredUploads(env));
  },
} satisfies ExportedHandler<Env>;
