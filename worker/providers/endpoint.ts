/** Each provider's production base URL and the Worker secret that holds its key. */
export const PROVIDERS = {
  elevenlabs: { baseUrl: "https://api.elevenlabs.io", keyVar: "ELEVENLABS_API_KEY" },
  deepgram: { baseUrl: "https://api.deepgram.com", keyVar: "DEEPGRAM_API_KEY" },
  assemblyai: { baseUrl: "https://api.assemblyai.com", keyVar: "ASSEMBLYAI_API_KEY" },
  "assemblyai-llm": { baseUrl: "https://llm-gateway.assemblyai.com", keyVar: "ASSEMBLYAI_API_KEY" },
  // Universal-Streaming v3 has a host of its own; the account's one key serves it too.
  "assemblyai-streaming": { baseUrl: "https://streaming.assemblyai.com", keyVar: "ASSEMBLYAI_API_KEY" },
  spitch: { baseUrl: "https://api.spitch.app", keyVar: "SPITCH_API_KEY" },
  paystack: { baseUrl: "https://api.paystack.co", keyVar: "PAYSTACK_SECRET_KEY" },
  mail: { baseUrl: "https://api.resend.com", keyVar: "MAIL_API_KEY" },
  // OAuth2 client credentials: the key pair never leaves the Worker; browsers get access tokens.
  hume: { baseUrl: "https://api.hume.ai", keyVar: "HUME_API_KEY", secretVar: "HUME_SECRET_KEY" },
} as const satisfies Record<string, { baseUrl: string; keyVar: string; secretVar?: string }>;

export type Provider = keyof typeof PROVIDERS;

export const SANDBOX_PATH = "/__sandbox";

/** The emulators accept exactly this key, so a sandboxed adapter still sends real auth headers. */
export function sandboxKey(provider: Provider): string {
  return `sandbox-${provider}-key`;
}

/** The second half of a sandboxed key pair (providers with a `secretVar`). */
export function sandboxSecret(provider: Provider): string {
  return `sandbox-${provider}-secret`;
}

/**
 * Where an adapter sends a provider call and with which key. Kept free of Worker bindings so the
 * adapters also run under Node (the provider smoke check).
 */
export interface ProviderEndpoint {
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The secret of providers that authenticate with a key pair (OAuth2 client credentials). */
  readonly secretKey?: string;
  /** In the sandbox the emulator is dispatched in-process, so no request leaves the Worker. */
  readonly fetch: (request: Request) => Promise<Response>;
}
