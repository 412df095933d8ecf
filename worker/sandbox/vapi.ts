import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { SANDBOX_VAPI_PUBLIC_KEY } from "../voice-assistant/contracts/voice-client.ts";

/**
 * Emulates the voice-assistant API's `POST /call/web` for the developers page: the bearer must be
 * the sandbox public key, the body names exactly one of `assistantId` or `assistant`, and the
 * answer carries a `webCallUrl` on the call network. Joining that room needs the real network,
 * so offline the join fails, which the page explains.
 */
export const sandboxVapi = new Hono<AppEnv>();

const SANDBOX_CALL_DOMAIN = "https://vox-sandbox.daily.co";

const vapiError = (status: 400 | 401, error: string, message: string | string[]) =>
  Response.json({ message, error, statusCode: status }, { status });

const webCallBody = z
  .object({
    assistantId: z.string().min(1).optional(),
    assistant: z.record(z.string(), z.unknown()).optional(),
    assistantOverrides: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((body) => (body.assistantId === undefined) !== (body.assistant === undefined), {
    message: "Exactly one of assistantId or assistant must be given",
  });

sandboxVapi.post("/call/web", async (c) => {
  if (c.req.header("authorization") !== `Bearer ${SANDBOX_VAPI_PUBLIC_KEY}`) {
    return vapiError(
      401,
      "Unauthorized",
      "Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.",
    );
  }
  const parsed = webCallBody.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) {
    return vapiError(
      400,
      "Bad Request",
      parsed.error.issues.map((issue) => issue.message),
    );
  }
  const id = crypto.randomUUID();
  return c.json(
    {
      id,
      orgId: "sandbox-org",
      type: "webCall",
      status: "queued",
      createdAt: new Date().toISOString(),
      ...(parsed.data.assistantId ? { assistantId: parsed.data.assistantId } : { assistant: parsed.data.assistant }),
      webCallUrl: `${SANDBOX_CALL_DOMAIN}/${id}`,
    },
    201,
  );
});
