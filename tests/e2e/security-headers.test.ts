import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../site/security-headers.ts";
import { parseSiteConfig } from "../../site/site-config.ts";
import { baseUrl } from "./browser.ts";

describe("security headers as served by npm start", () => {
  it("every page, deep links included, carries the site's policy from _headers", async () => {
    const expected = contentSecurityPolicy(parseSiteConfig({}));
    for (const path of ["/", "/pricing", "/voxscribe", "/no/such/page"]) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.headers.get("content-security-policy"), path).toBe(expected);
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("permissions-policy"), path).toContain("microphone=(self)");
    }
  });

  it("the API's answers carry the Worker's stricter policy", async () => {
    const response = await fetch(`${baseUrl()}/api/health`);
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
  });
});
