import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { client, waitForMail } from "./helpers.ts";

describe("POST /api (consultation and contact requests)", () => {
  it("stores the request with a +234 phone and tells the team", async () => {
    const response = await client().post("/api", {
      kind: "consultation",
      full_name: "Bisi Adeyemi",
      email: "bisi@agency.ng",
      phone: "08051112222",
      company_name: "Adeyemi PR",
      message: "We need weekly sentiment reports on radio phone-ins.",
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { id: string } };
    const row = await env.DB.prepare("SELECT * FROM contact_requests WHERE id = ?").bind(data.id).first();
    expect(row).toMatchObject({ kind: "consultation", phone: "+2348051112222", company_name: "Adeyemi PR" });
    const [mail] = await waitForMail("hello@vox.ng");
    expect(mail?.subject).toBe("New consultation request from Bisi Adeyemi");
    expect(mail?.text).toContain("radio phone-ins");
  });

  it("refuses names carrying line breaks or control characters, which would reach the team's mail subject", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_requests").first("n");
    const request = { email: "eve@example.ng", phone: "08051112222" };
    const injected = await client().post("/api", { ...request, full_name: "Eve\r\nBcc: victim@example.com" });
    expect(injected.status).toBe(400);
    expect(await injected.json()).toMatchObject({
      code: "validation_failed",
      message: "full_name: A name cannot contain line breaks or control characters",
      errors: { full_name: ["A name cannot contain line breaks or control characters"] },
    });
    const refused: Array<[field: string, value: string]> = [
      ["full_name", "Eve\u0000"],
      ["full_name", "Eve \u202egnp.exe"],
      ["company_name", "Eve PR\nBcc: victim@example.com"],
    ];
    for (const [field, value] of refused) {
      const response = await client().post("/api", { ...request, full_name: "Eve", [field]: value });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(await response.json()).toMatchObject({ errors: { [field]: [expect.any(String)] } });
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_requests").first("n")).toBe(before);
  });

  it("rejects a bad e-mail with a field error and stores nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_requests").first("n");
    const response = await client().post("/api", { full_name: "X", email: "nope", phone: "08051112222" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { email: ["Enter a valid e-mail address"] } });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_requests").first("n")).toBe(before);
  });
});
