// `npm run smoke`: the smallest real call to each provider, with the keys in .dev.vars (SANDBOX=0),
// printed as a table of pass/fail and latency; run it before each deploy. Without real keys it makes
// the same calls against the sandbox of a freshly started `npm start`.
import { readFileSync } from "node:fs";
import { PROVIDERS, type Provider, type ProviderEndpoint, sandboxKey } from "../worker/providers/endpoint.ts";
import { readDevVars } from "./local-worker.ts";
import { type RunningServer, startProduct } from "./product-server.ts";
import { formatSmoke, runSmoke } from "./provider-smoke.ts";

const devVars = readDevVars();
const real = devVars.get("SANDBOX") === "0";

/** A setting as the deployed Worker would read it: .dev.vars first, then wrangler.toml's [vars]. */
function setting(name: string): string {
  const fromToml = new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m").exec(readFileSync("wrangler.toml", "utf8"))?.[1];
  const value = devVars.get(name) || fromToml;
  if (!value) throw new Error(`${name} is set in neither .dev.vars nor wrangler.toml`);
  return value;
}

function realEndpoint(provider: Provider): ProviderEndpoint {
  const { baseUrl, keyVar } = PROVIDERS[provider];
  const apiKey = devVars.get(keyVar);
  if (!apiKey) throw new Error(`${keyVar} is not set in .dev.vars`);
  return { baseUrl, apiKey, fetch: (request) => fetch(request) };
}

let server: RunningServer | undefined;
try {
  let endpoint = realEndpoint;
  if (!real) {
    console.log("No SANDBOX=0 in .dev.vars: checking against the sandbox of a local `npm start`…");
    const running = await startProduct();
    server = running;
    endpoint = (provider) => ({
      baseUrl: `${running.baseUrl}/__sandbox/${provider}`,
      apiKey: sandboxKey(provider),
      fetch: (request) => fetch(request),
    });
  }
  const results = await runSmoke({
    endpoint,
    models: {
      analysis: setting("ANALYSIS_MODEL"),
      pressRelease: setting("PRESS_RELEASE_MODEL"),
      transcription: setting("TRANSCRIPTION_MODELS")
        .split(",")
        .map((model) => model.trim()),
    },
    pollMs: real ? 1000 : 200,
  });
  console.log(`\nProvider smoke check (${real ? "real providers" : "sandbox"}):\n${formatSmoke(results)}`);
  const failed = results.filter((result) => !result.ok).length;
  console.log(failed ? `\n${failed} call(s) failed.` : "\nEvery call passed.");
  process.exitCode = failed ? 1 : 0;
} finally {
  await server?.stop();
}
