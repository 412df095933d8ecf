// `npm start`: build the site, migrate local D1, then serve site + Worker on one origin.
import { applyMigrations, localEnv, run, runScheduleLocally, supervise, wranglerDevArgs } from "./local-worker.ts";

const port = process.env.PORT ?? "8787";

// NODE_ENV is pinned so a caller's value (vitest sets "test") cannot ship a development React.
run(process.execPath, ["scripts/build-site.ts"], { ...localEnv(), NODE_ENV: "production" });
applyMigrations();
supervise([["wrangler", wranglerDevArgs(port)]]);
runScheduleLocally(port);
