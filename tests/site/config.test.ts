import { describe, expect, it } from "vitest";
import { siteConfigDefine } from "../../site/site-config.ts";

const compiled = (env: Record<string, string>) => JSON.parse(siteConfigDefine(env).__VOX_CONFIG__ ?? "null");

describe("site configuration", () => {
  it("defaults to the same-origin API, the recorded demo and the Worker's own Shield page", () => {
    expect(compiled({})).toMatchObject({
      apiBase: "",
      demoVideoUrl: "",
      shieldUrl: "/api/shield",
      shieldFromWorker: true,
    });
    expect(compiled({ VITE_API_BASE: "https://api.vox.ng" })).toMatchObject({
      shieldUrl: "https://api.vox.ng/api/shield",
      shieldFromWorker: true,
    });
  });

  it("frames a configured detector instead of the Worker's page", () => {
    const config = compiled({ VITE_SHIELD_URL: "https://shield.example.org/embed" });
    expect(config).toMatchObject({ shieldUrl: "https://shield.example.org/embed", shieldFromWorker: false });
  });

  it("trims a trailing slash from the API base", () => {
    expect(compiled({ VITE_API_BASE: "https://api.vox.ng/" }).apiBase).toBe("https://api.vox.ng");
  });

  it("refuses to build with a URL that is not http(s)", () => {
    expect(() => siteConfigDefine({ VITE_SHIELD_URL: "javascript:alert(1)" })).toThrow(/VITE_SHIELD_URL/);
    expect(() => siteConfigDefine({ VITE_DEMO_VIDEO_URL: "not a url" })).toThrow(/VITE_DEMO_VIDEO_URL/);
  });
});
