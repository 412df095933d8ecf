import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { sandboxKey, sandboxSecret } from "../core/config.ts";

/**
 * Emulates the voice-API's OAuth2 client-credentials endpoint, `POST /oauth2-cc/token`: HTTP Basic
 * auth with the key pair, a form body with `grant_type=client_credentials`, and the standard
 * OAuth2 error bodies.
 */
export const sandboxHume = new Hono<AppEnv>();

const SANDBOX_TOKEN_TTL_SECONDS = 1800;

const oauthError = (status: 400 | 401, error: string, description: string) =>
  Response.json({ error, error_description: description }, { status });

function basicCredentials(header: string | undefined): string | null {
  if (!header?.startsWith("Basic ")) return null;
  try {
    return atob(header.slice("Basic ".length).trim());
  } catch {
    return null;
  }
}

sandboxHume.post("/oauth2-cc/token", async (c) => {
  const credentials = basicCredentials(c.req.header("authorization"));
  if (credentials !== `${sandboxKey("hume")}:${sandboxSecret("hume")}`) {
    return oauthError(401, "invalid_client", "Client authentication failed");
  }
  if (!c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded")) {
    return oauthError(400, "invalid_request", "The body must be application/x-www-form-urlencoded");
  }
  const form = new URLSearchParams(await c.req.text());
  if (form.get("grant_type") !== "client_credentials") {
    return oauthError(400, "unsupported_grant_type", "grant_type must be client_credentials");
  }
  return c.json({
    access_token: `sbx-hume-${crypto.randomUUID()}`,
    expires_in: SANDBOX_TOKEN_TTL_SECONDS,
    issued_at: Math.floor(Date.now() / 1000),
    token_type: "Bearer",
  });
});
