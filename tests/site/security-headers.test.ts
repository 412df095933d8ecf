import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, headersFile } from "../../site/security-headers.ts";
import { parseSiteConfig } from "../../site/site-config.ts";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe("the site's Content-Security-Policy", () => {
  it("on the same origin allows only itself, the voice client's hosts, and frames of its own Shield page", () => {
    const policy = contentSecurityPolicy(parseSiteConfig({}));
    expect(directive(policy, "default-src")).toBe("'self'");
    expect(directive(policy, "script-src")).toBe("'self' https://c.daily.co");
    expect(directive(policy, "frame-src")).toBe("'self'");
    expect(directive(policy, "frame-ancestors")).toBe("'none'");
    expect(directive(policy, "object-src")).toBe("'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(directive(policy, "script-src")).not.toContain("unsafe-inline");
  });

  it("adds the API's https and wss origins and the detector and demo frames when configured", () => {
    const policy = contentSecurityPolicy(
      parseSiteConfig({
        VITE_API_BASE: "https://api.vox.ng/",
        VITE_SHIELD_URL: "https://shield.example.org/embed?x=1",
        VITE_DEMO_VIDEO_URL: "https://www.youtube-nocookie.com/embed/abc",
      }),
    );
    expect(directive(policy, "connect-src")).toContain("https://api.vox.ng wss://api.vox.ng");
    expect(directive(policy, "frame-src")).toBe("https://shield.example.org https://www.youtube-nocookie.com");
    const apart = contentSecurityPolicy(parseSiteConfig({ VITE_API_BASE: "https://api.vox.ng/" }));
    expect(directive(apart, "frame-src")).toBe("https://api.vox.ng");
  });

  it("is written to _headers for every path, with long caching for hashed assets", () => {
    const file = headersFile(parseSiteConfig({}));
    expect(file.startsWith("/*\n  Content-Security-Policy: default-src 'self';")).toBe(true);
    expect(file).toContain("  Permissions-Policy: microphone=(self)");
    expect(file).toContain("/assets/*\n  Cache-Control: public, max-age=31536000, immutable");
  });
});
