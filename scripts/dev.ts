// `npm run dev`: Vite with hot reload on :5173, forwarding API paths to the Worker on WORKER_PORT.
import {
  applyMigrations,
  ensureAssetsDir,
  localEnv,
  runScheduleLocally,
  supervise,
  wranglerDevArgs,
} from "./local-worker.ts";

const workerPort = process.env.WORKER_PORT ?? "8787";

ensureAssetsDir();
applyMigrations();
supervise([
  ["wrangler", wranglerDevArgs(workerPort)],
  ["vite", ["--config", "site/vite.config.ts"], { ...localEnv(), WORKER_PORT: workerPort }],
]);
runScheduleLocally(workerPort);
