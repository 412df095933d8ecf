import { describe, expect } from "vitest";
import { screenshot, seriousAxeViolations } from "./browser.ts";
import { it } from "./fixtures.ts";

// The live demo asks for the microphone; Chromium's fake one answers without a prompt.
it.override("microphone", "tone");

describe("/developers", () => {
  it("is linked from the footer, and Start with the sandbox key reaches /call/web, then explains the offline join failure", async ({
    page,
  }) => {
    const uncaught: string[] = [];
    page.on("pageerror", (error) => uncaught.push(error.message));
    // The call network is out of reach here anyway; refusing it at once keeps the test deterministic.
    await page.context().route(/daily\.co/, (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Developers" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Put a voice assistant on your own page");
    expect(page.url()).toMatch(/\/developers$/);

    const form = page.getByRole("form", { name: "Live demo" });
    await expect.poll(() => form.getByLabel("Public key").inputValue()).toBe("sandbox-vapi-public");
    expect(await form.getByLabel("API base URL").inputValue()).toMatch(/\/__sandbox\/vapi$/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const webCall = page.waitForResponse((response) => response.url().endsWith("/__sandbox/vapi/call/web"));
    await form.getByRole("button", { name: "Start" }).click();
    const response = await webCall;
    expect(response.status()).toBe(201);
    expect(response.request().headers().authorization).toBe("Bearer sandbox-vapi-public");

    const log = page.getByRole("list", { name: "Event log" });
    await expect
      .poll(() => log.textContent(), { timeout: 90_000 })
      .toMatch(
        /The web call was created, but joining it failed: .*needs network access to the call network \(daily\.co\)/,
      );
    expect(await form.getByRole("button", { name: "Start" }).isEnabled()).toBe(true);
    expect(await form.getByRole("button", { name: "Stop" }).isDisabled()).toBe(true);
    await screenshot(page, "developers-join-failed");
    expect(uncaught).toEqual([]);
  });

  it("shows the provider's refusal when the key is wrong", async ({ openPage }) => {
    const { page } = await openPage("mobile");
    await page.goto("/developers");
    const form = page.getByRole("form", { name: "Live demo" });
    await expect.poll(() => form.getByLabel("Public key").inputValue()).toBe("sandbox-vapi-public");
    await form.getByLabel("Public key").fill("pk-not-mine");
    await form.getByRole("button", { name: "Start" }).click();
    await expect
      .poll(() => page.getByRole("list", { name: "Event log" }).textContent())
      .toContain("did not create the call: Invalid Key.");
    await screenshot(page, "developers-wrong-key-mobile");
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
