import { type VoiceTokenResponse, voiceTokenResponse } from "../contracts/voice-token.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { ProviderError } from "./provider-error.ts";

/**
 * The voice-API's OAuth2 client-credentials exchange: the API key and secret go up as HTTP Basic
 * auth, a short-lived access token comes back. Runs only in the Worker, so the secret never
 * reaches a browser.
 */

export class VoiceTokenError extends ProviderError {
  override name = "VoiceTokenError";
  constructor(message: string, status: number) {
    super("hume", message, status);
  }
}

const TIMEOUT_MS = 10_000;

export async function fetchAccessToken(endpoint: ProviderEndpoint): Promise<VoiceTokenResponse> {
  if (!endpoint.secretKey) throw new VoiceTokenError("the voice-API secret key is not configured", 0);
  const response = await endpoint
    .fetch(
      new Request(`${endpoint.baseUrl}/oauth2-cc/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${btoa(`${endpoint.apiKey}:${endpoint.secretKey}`)}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }),
    )
    .catch((error: Error) => {
      throw new VoiceTokenError(`token endpoint unreachable: ${error.message}`, 0);
    });
  if (!response.ok) throw new VoiceTokenError(`token endpoint answered ${response.status}`, response.status);
  const parsed = voiceTokenResponse.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new VoiceTokenError("token endpoint answered an unexpected shape", response.status);
  return parsed.data;
}
