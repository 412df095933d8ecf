import { app } from "./app.ts";

export { PressReleaseJob } from "../durable/press-release-job.ts";
export { RateLimiter } from "../durable/rate-limiter.ts";
export { TranscriptionRelay } from "../durable/transcription-relay.ts";

export default app satisfies ExportedHandler<Env>;
