import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app.ts";
import { loadConfig, providerEndpoint } from "../../worker/core/config.ts";
import { MailDeliveryError, sendMail } from "../../worker/providers/mail.ts";
import { call, ORIGIN } from "./helpers.ts";

function sandboxMailEndpoint() {
  return providerEndpoint(loadConfig(env), "mail", {
    origin: ORIGIN,
    sandboxFetch: async (request) => app.fetch(request, env),
  });
}

async function outbox(to: string) {
  const response = await call(`/__sandbox/mail/messages?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Array<{ to: string; subject: string; text: string }> }).messages;
}

describe("sandbox e-mail", () => {
  it("the mail adapter delivers through the sandbox provider into the outbox, newest first", async () => {
    const endpoint = sandboxMailEndpoint();
    await sendMail(endpoint, "Vox <no-reply@vox.ng>", { to: "amaka@example.ng", subject: "First", text: "one" });
    await sendMail(endpoint, "Vox <no-reply@vox.ng>", { to: "Amaka@Example.ng", subject: "Second", text: "two" });
    await sendMail(endpoint, "Vox <no-reply@vox.ng>", { to: "someone@else.ng", subject: "Other", text: "x" });
    const messages = await outbox("amaka@example.ng");
    expect(messages.map((message) => message.subject)).toEqual(["Second", "First"]);
    expect(messages[0]).toMatchObject({ text: "two" });
  });

  it("sends a subject without its line breaks, control and bidi characters, whoever wrote it", async () => {
    await sendMail(sandboxMailEndpoint(), "Vox <no-reply@vox.ng>", {
      to: "team@example.ng",
      subject: "New request from Eve\r\nBcc: victim@example.com\u0000\u0085\u202e\u2066\u200f\u061c \u00e9t\u00e9",
      text: "Line one\nline two",
    });
    const [message] = await outbox("team@example.ng");
    expect(message?.subject).toBe("New request from EveBcc: victim@example.com \u00e9t\u00e9");
    expect(message?.text).toBe("Line one\nline two");
  });

  it("rejects a wrong key the way the provider does, and the adapter surfaces it", async () => {
    const endpoint = { ...sandboxMailEndpoint(), apiKey: "re_wrong" };
    await expect(
      sendMail(endpoint, "Vox <no-reply@vox.ng>", { to: "a@b.ng", subject: "s", text: "t" }),
    ).rejects.toThrow(MailDeliveryError);
    const response = await call("/__sandbox/mail/emails", {
      method: "POST",
      headers: { authorization: "Bearer re_wrong", "content-type": "application/json" },
      body: JSON.stringify({ from: "x@vox.ng", to: "a@b.ng", subject: "s", text: "t" }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ statusCode: 403, name: "invalid_api_key", message: "API key is invalid" });
  });

  it("answers 400 in the shared error shape when the outbox query has no valid address", async () => {
    const response = await call("/__sandbox/mail/messages?to=not-an-email");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Query parameter `to` must be an e-mail address",
      code: "validation_failed",
    });
  });

  it("validates the send body like the provider (422 on a bad recipient)", async () => {
    const response = await call("/__sandbox/mail/emails", {
      method: "POST",
      headers: { authorization: "Bearer sandbox-mail-key", "content-type": "application/json" },
      body: JSON.stringify({ from: "x@vox.ng", to: "nobody", subject: "s", text: "t" }),
    });
    expect(response.status).toBe(422);
  });

  it("lists the mounted emulators at /__sandbox", async () => {
    const response = await call("/__sandbox");
    expect(await response.json()).toEqual({
      sandbox: true,
      providers: [
        "mail",
        "paystack",
        "elevenlabs",
        "deepgram",
        "assemblyai",
        "assemblyai-llm",
        "assemblyai-streaming",
        "spitch",
        "hume",
        "vapi",
      ],
    });
  });
});
