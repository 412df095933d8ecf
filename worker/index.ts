import { app } from "./app.ts";
import { provideAppFetch } from "./in-process.ts";
import { sweepExpiredUploads } from "./uploads/expiry.ts";

export { PressReleaseJob } from "../durable/press-release-job.ts";
export { RateLimiter } from "../durable/rate-limiter.ts";
export { SentimentJob } from "../durable/sentiment-job.ts";
export { TranscriptionRelay } from "../durable/transcription-relay.ts";

provideAppFetch((request, env) => app.fetch(request, env));

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(sweepExpiredUploads(env));
  },
} satisfies ExportedHandler<Env>;
