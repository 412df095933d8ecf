import { expect, it } from "vitest";
import { runSmoke } from "../../scripts/provider-smoke.ts";
import { sandboxKey } from "../../worker/providers/endpoint.ts";
import { baseUrl } from "./browser.ts";

it("`npm run smoke`'s calls all pass against the sandbox, through the product's own adapters", async () => {
  const results = await runSmoke({
    endpoint: (provider) => ({
      baseUrl: `${baseUrl()}/__sandbox/${provider}`,
      apiKey: sandboxKey(provider),
      fetch: (request) => fetch(request),
    }),
    models: {
      analysis: "nova-3",
      pressRelease: "claude-sonnet-4-6",
      transcription: ["universal-3-pro", "universal-2"],
    },
    pollMs: 100,
  });
  expect(results.map(({ provider, ok, detail }) => ({ provider, ok, detail: ok ? "" : detail }))).toEqual([
    { provider: "elevenlabs", ok: true, detail: "" },
    { provider: "elevenlabs", ok: true, detail: "" },
    { provider: "deepgram", ok: true, detail: "" },
    { provider: "deepgram", ok: true, detail: "" },
    { provider: "assemblyai", ok: true, detail: "" },
    { provider: "assemblyai-llm", ok: true, detail: "" },
    { provider: "spitch", ok: true, detail: "" },
    { provider: "spitch", ok: true, detail: "" },
    { provider: "spitch", ok: true, detail: "" },
    { provider: "spitch", ok: true, detail: "" },
    { provider: "paystack", ok: true, detail: "" },
  ]);
  expect(results[1]?.detail).toMatch(/^\d{4,} bytes of MP3$/);
  expect(results[3]?.detail).toMatch(/^\d+ Results, \d+\.\d\d s$/);
  expect(results[6]?.detail).toMatch(/^marked "Ẹ káàárọ̀, a dúpẹ́ lọ́wọ́/);
  expect(results[7]?.detail).toMatch(/^\d{4,} bytes of MP3$/);
  expect(results[8]?.detail).toMatch(/^heard ".+" in [1-9]\d* segments$/);
});
