import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { client, registerAndSignIn } from "./helpers.ts";

const me = async (api: ReturnType<typeof client>) =>
  ((await (await api.get("/auth/me")).json()) as { data: Record<string, unknown> }).data;

describe("PATCH /api/profile", () => {
  it("corrects the name, phone and organisation given at sign-up, and only those sent", async () => {
    const { api } = await registerAndSignIn();
    const renamed = await api.patch("/api/profile", {
      name: "  Adaobi Okafor-Eze ",
      phone_number: "+234 803 765 4321",
    });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({
      message: "Profile updated",
      data: { name: "Adaobi Okafor-Eze", phone_number: "+2348037654321", organization_name: "Lagos Newsroom" },
    });
    expect((await api.patch("/api/profile", { organization_name: "" })).status).toBe(200);
    expect(await me(api)).toMatchObject({ name: "Adaobi Okafor-Eze", organization_name: "" });
  });

  it("holds each field to sign-up's rule and refuses what it cannot change, as 400 JSON", async () => {
    const { api } = await registerAndSignIn();
    const cases: [unknown, string][] = [
      [{ name: "" }, "name"],
      [{ name: "a".repeat(101) }, "name"],
      [{ name: "Ada\nBcc: x@example.ng" }, "name"],
      [{ phone_number: "12345" }, "phone_number"],
      [{ organization_name: "o".repeat(151) }, "organization_name"],
    ];
    for (const [body, field] of cases) {
      const response = await api.patch("/api/profile", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "validation_failed",
        errors: { [field]: expect.any(Array) },
      });
    }
    for (const body of [
      {},
      { email: "someone.else@example.ng" },
      { name: "Ada", password: "new password 1" },
      "text",
    ]) {
      const response = await api.patch("/api/profile", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ code: "validation_failed" });
    }
    expect(await me(api)).toMatchObject({ name: "Adaobi Okafor", phone_number: expect.stringContaining("8031234567") });
  });

  it("needs a session, and changes only the caller's own account", async () => {
    expect((await client().patch("/api/profile", { name: "Nobody" })).status).toBe(401);
    const first = await registerAndSignIn();
    const second = await registerAndSignIn();
    expect((await first.api.patch("/api/profile", { name: "First Person" })).status).toBe(200);
    expect(await me(second.api)).toMatchObject({ name: "Adaobi Okafor" });
  });

  it("answers any JSON value with 4xx JSON or a profile, never a 500", async () => {
    const { api } = await registerAndSignIn();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const response = await api.patch("/api/profile", value);
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get("content-type")).toContain("application/json");
      }),
      { numRuns: 25 },
    );
  });
});
