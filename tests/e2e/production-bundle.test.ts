import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// What `wrangler deploy` would upload, built without uploading.
describe("the production Worker bundle", () => {
  const outdir = mkdtempSync(join(tmpdir(), "vox-bundle-"));
  let code = "";
  let sources: string[] = [];

  beforeAll(() => {
    execFileSync("wrangler", ["deploy", "--dry-run", "--outdir", outdir], {
      stdio: "pipe",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    });
    code = readFileSync(join(outdir, "index.js"), "utf8");
    sources = (JSON.parse(readFileSync(join(outdir, "index.js.map"), "utf8")) as { sources: string[] }).sources;
    console.log(`[bundle] production Worker: ${(statSync(join(outdir, "index.js")).size / 1024).toFixed(1)} KiB`);
  }, 120_000);

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it("carries the app, its Durable Objects and none of the sandbox", () => {
    expect(sources.some((source) => source.endsWith("worker/app.ts"))).toBe(true);
    expect(sources.some((source) => source.endsWith("worker/live/transcription-relay.ts"))).toBe(true);
    const sandbox = sources.filter((source) => source.includes("worker/sandbox/"));
    expect(sandbox.map((source) => source.slice(source.indexOf("worker/sandbox/")))).toEqual([
      "worker/sandbox/absent.ts",
    ]);
  });

  it("has no __sandbox route: the path appears only as the constant the Worker refuses it by", () => {
    expect(code.match(/__sandbox/g)).toEqual(["__sandbox"]);
    expect(code).toContain('SANDBOX_PATH = "/__sandbox"');
  });
});
