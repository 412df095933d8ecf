import { app } from "./app.ts";
import { provideAppFetch } from "./core/in-process.ts";
import { watchPage } from "./live/watch-page.ts";
import { scheduledWork } from "./scheduled.ts";

export { RenewalWorkflow } from "./billing/renewal-workflow.ts";
export { RateLimiter } from "./core/rate-limiter.ts";
export { SendWorkflow } from "./distribution/send-workflow.ts";
export { JobIntake } from "./jobs/job-intake.ts";
export { JobWorkflow } from "./jobs/job-workflow.ts";
export { CaptionShard } from "./live/caption-shard.ts";
export { TranscriptionRelay } from "./live/transcription-relay.ts";
export { PublishWorkflow } from "./newsroom/publish-workflow.ts";

provideAppFetch((request, env) => app.fetch(request, env));

export default {
  fetch: (request, env, ctx) => watchPage(request, env) ?? app.fetch(request, env, ctx),
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(scheduledWork(env));
  },
} satisfies ExportedHandler<Env>;
