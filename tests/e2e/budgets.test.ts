import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { initialJsGzip } from "../../scripts/initial-js-size.ts";
import { initialFiles, readManifest, SITE_DIST } from "../../scripts/site-manifest.ts";
import { devVarValues, filesUnder, findSecrets } from "./secret-scan.ts";

// The product server started by global setup has just built dist/site with `npm start`.

describe("initial JavaScript budget", () => {
  it("the home route loads at most 100 KB of gzip JavaScript", () => {
    const bytes = initialJsGzip("/");
    console.log(`[budget] home initial JS: ${(bytes / 1024).toFixed(1)} KiB gzip`);
    expect(bytes).toBeGreaterThan(20_000);
    expect(bytes).toBeLessThanOrEqual(100_000);
  });

  it("no tool page or dialog code is part of the home route's first load", () => {
    const files = initialFiles(readManifest(), "src/pages/home.tsx").join(" ");
    for (const lazyOnly of [
      "tool-page",
      "pricing",
      "pending-form-dialog",
      "mobile-menu",
      "toaster",
      "developers",
      "daily",
    ]) {
      expect(files).not.toContain(lazyOnly);
    }
  });
});

describe("no secret in the built site", () => {
  it("the scanner recognises every key shape it guards against", () => {
    const planted = [
      "sk_live_0123456789abcdefghijklmn",
      `sk_${"a1".repeat(24)}`,
      "re_12345678_abcdefghijklmnop",
      "0123456789abcdef0123456789abcdef01234567",
      "0123456789abcdef0123456789abcdef",
      "sandbox-paystack-key",
    ];
    for (const key of planted) expect(findSecrets(`const k="${key}";`, [])).not.toEqual([]);
    expect(findSecrets("const PUBLIC = 'hello';", [])).toEqual([]);
    expect(findSecrets("x=my-own-dev-secret-value", ["my-own-dev-secret-value"])).toEqual([".dev.vars value"]);
  });

  it("no file under dist/site contains a provider key or a .dev.vars value", () => {
    const files = filesUnder(SITE_DIST);
    expect(files.length).toBeGreaterThan(5);
    const knownValues = devVarValues();
    const leaks = files.flatMap((file) =>
      findSecrets(readFileSync(file, "utf8"), knownValues).map((what) => `${file}: ${what}`),
    );
    expect(leaks).toEqual([]);
  });
});
