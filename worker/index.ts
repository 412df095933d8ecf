import { app } from "./app.ts";
import { provideAppFetch } from "./in-process.ts";
import { scheduledWork } from "./scheduled.ts";
import { watchPage } from "./watch-page.ts";

export { JobIntake } from "../durable/job-intake.ts";
export { JobWorkflow } from "../durable/job-workflow.ts";
export { RateLimiter } from "../durable/rate-limiter.ts";
export { RenewalWorkflow } from "../durable/renewal-workflow.ts";
export { TranscriptionRelay } from "../durable/transcription-relay.ts";

provideAppFetch((request, env) => app.fetch(request, env));

export default {
  fetch: (request, env, ctx) => watchPage(request, env) ?? app.fetch(request, env, ctx),
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(scheduledWork(env));
  },
} satisfies ExportedHandler<Env>;
