import { app } from "./app.ts";

export { RateLimiter } from "../durable/rate-limiter.ts";

export default app satisfies ExportedHandler<Env>;
