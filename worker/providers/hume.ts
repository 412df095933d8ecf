import { type VoiceTokenResponse, voiceTokenResponse } from "../voice-assistant/contracts/voice-token.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { type ProviderAdapter, ProviderError, providerJson } from "./provider-error.ts";

/**
 * The voice-API's OAuth2 client-credentials exchange: the API key and secret go up as HTTP Basic
 * auth, a short-lived access token comes back. Runs only in the Worker, so the secret never
 * reaches a browser.
 */

export class VoiceTokenError extends ProviderError {
  override name = "VoiceTokenError";
}

const hume: ProviderAdapter = {
  provider: "hume",
  auth: (endpoint) => ({ authorization: `Basic ${btoa(`${endpoint.apiKey}:${endpoint.secretKey}`)}` }),
  timeoutMs: 10_000,
  errorClass: VoiceTokenError,
};

export async function fetchAccessToken(endpoint: ProviderEndpoint): Promise<VoiceTokenResponse> {
  if (!endpoint.secretKey) throw new VoiceTokenError("hume", "the voice-API secret key is not configured", 0);
  return providerJson(
    hume,
    endpoint,
    {
      what: "token",
      path: "/oauth2-cc/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
    },
    { documented: voiceTokenResponse, needed: voiceTokenResponse },
  );
}
