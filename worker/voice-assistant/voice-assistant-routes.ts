import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireTool } from "../billing/tool-gate.ts";
import { API } from "../contracts/api-paths.ts";
import { providerUnavailable } from "../core/errors.ts";
import { fetchAccessToken, VoiceTokenError } from "../providers/hume.ts";

export const voiceAssistant = new Hono<AppEnv>();

/**
 * Trades the Worker's voice-API key pair for a short-lived access token the browser can open the
 * voice-API socket with; the secret itself never leaves the Worker.
 */
voiceAssistant.post(API.voice.at.token, requireTool("voiceAssistant"), async (c) => {
  try {
    const token = await fetchAccessToken(c.var.provider("hume"));
    return c.json(token, 200, { "cache-control": "no-store" });
  } catch (error) {
    if (!(error instanceof VoiceTokenError)) throw error;
    throw providerUnavailable("voice", error);
  }
});
