import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { summarise, type Trace } from "../../worker/bench/critical-path.ts";
import { TRACE_HEADER } from "../../worker/bench/remote-trace.ts";
import { call, registerAndSignIn } from "./helpers.ts";

/** Adding tone marks calls Spitch, so it is refused by the same gate as every tool, before any call. */

describe("tone marks pass the tools' gate", () => {
  async function toneMarks(token: string) {
    const response = await call("/api/tts/tone-marks", {
      method: "POST",
      body: JSON.stringify({ text: "E kaaaro" }),
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, [TRACE_HEADER]: "1" },
    });
    const summary = summarise(JSON.parse(response.headers.get(TRACE_HEADER) as string) as Trace);
    return { status: response.status, body: (await response.json()) as { code?: string }, summary };
  }

  it("an account that never verified its e-mail gets 409 email_unverified and Spitch is not called", async () => {
    const { token } = await registerAndSignIn({}, { verified: false });
    const { status, body, summary } = await toneMarks(token);
    expect(status).toBe(409);
    expect(body.code).toBe("email_unverified");
    expect(summary.providerCalls).toBe(0);
  });

  it("an account whose plan has ended gets 402 and Spitch is not called", async () => {
    const { token, user } = await registerAndSignIn();
    await env.DB.prepare("UPDATE users SET trial_ends_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), user.id)
      .run();
    const { status, summary } = await toneMarks(token);
    expect(status).toBe(402);
    expect(summary.providerCalls).toBe(0);
  });
});
