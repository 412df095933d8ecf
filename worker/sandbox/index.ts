import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "../core/errors.ts";
import { listOrphanObjects } from "../core/orphan-sweep.ts";
import { scheduledWork } from "../scheduled.ts";
import { sandboxAssemblyAi } from "./assemblyai.ts";
import { sandboxAssemblyAiLlm } from "./assemblyai-llm.ts";
import { sandboxAssemblyAiStreaming } from "./assemblyai-streaming.ts";
import { sandboxBilling } from "./billing.ts";
import { sandboxDeepgram } from "./deepgram.ts";
import { sandboxDeepgramRead } from "./deepgram-read.ts";
import { sandboxDeepgramStreaming } from "./deepgram-streaming.ts";
import { sandboxElevenLabs } from "./elevenlabs.ts";
import { sandboxFaults } from "./faults.ts";
import { sandboxHume } from "./hume.ts";
import { sandboxMail } from "./mail.ts";
import { sandboxPaystack } from "./paystack.ts";
import { recordProviderCalls } from "./provider-calls.ts";
import { sandboxShield } from "./shield.ts";
import { sandboxSpitch } from "./spitch.ts";
import { sandboxVapi } from "./vapi.ts";

/**
 * Provider emulators, answering under /__sandbox only while SANDBOX=1. Each lives under the same
 * sub-paths as the real provider, so adapters differ from production by base URL and key alone.
 * Development builds import this module as `@vox/sandbox`; production builds get `absent.ts`.
 */
const sandbox = new Hono<AppEnv>();

const EMULATORS = {
  mail: sandboxMail,
  paystack: sandboxPaystack,
  elevenlabs: sandboxElevenLabs,
  deepgram: sandboxDeepgram,
  assemblyai: sandboxAssemblyAi,
  "assemblyai-llm": sandboxAssemblyAiLlm,
  "assemblyai-streaming": sandboxAssemblyAiStreaming,
  spitch: sandboxSpitch,
  hume: sandboxHume,
  vapi: sandboxVapi,
} as const;

sandbox.use("*", async (c, next) => {
  if (!c.var.config.sandbox) throw new ApiError(404, "not_found", "Not found");
  await next();
});

sandbox.get("/", (c) => c.json({ sandbox: true, providers: Object.keys(EMULATORS) }));

for (const name of Object.keys(EMULATORS)) sandbox.use(`/${name}/*`, recordProviderCalls(name));
for (const [name, emulator] of Object.entries(EMULATORS)) sandbox.route(`/${name}`, emulator);
sandbox.route("/faults", sandboxFaults);
// Not a provider the Worker calls: the page the Shield tool frames in place of the external detector.
sandbox.route("/shield", sandboxShield);
sandbox.route("/", sandboxBilling);
// `wrangler dev` runs no cron triggers: `npm start` asks for the scheduled work here instead.
sandbox.post("/scheduled", async (c) => {
  await scheduledWork(c.env, new URL(c.req.url).origin);
  return c.json({ ran: true });
});
// What `npm run chaos` counts at the end: R2 objects no row references, of any age.
sandbox.get("/r2/orphans", async (c) => c.json(await listOrphanObjects(c.env.AUDIO, c.env.DB)));
// Deepgram's streaming endpoint shares /v1/listen with the prerecorded one (GET upgrade vs POST).
sandbox.route("/deepgram", sandboxDeepgramStreaming);
sandbox.route("/deepgram", sandboxDeepgramRead);

/** Mounts the emulators at `path`; says whether this build has them. */
export function mountSandbox(app: Hono<AppEnv>, path: string): boolean {
  app.route(path, sandbox);
  return true;
}
