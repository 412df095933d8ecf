import { z } from "zod";
import { PASSWORD_HASH_PARAMS, type PasswordHashParams, TEST_PASSWORD_HASH_PARAMS } from "../accounts/password.ts";
import {
  PROVIDERS,
  type Provider,
  type ProviderEndpoint,
  SANDBOX_PATH,
  sandboxKey,
  sandboxSecret,
} from "../providers/endpoint.ts";
import { ConfigError } from "./errors.ts";

export { type Provider, type ProviderEndpoint, SANDBOX_PATH, sandboxKey, sandboxSecret };

/**
 * The one place that turns Worker vars and secrets into settings, and (with the provider table in
 * `providers/endpoint.ts`) the one place each provider adapter gets its base URL and key from.
 * Sandbox and production differ only by what this returns.
 */

type SecretVar = {
  [P in Provider]: (typeof PROVIDERS)[P]["keyVar"] | ((typeof PROVIDERS)[P] extends { secretVar: infer S } ? S : never);
}[Provider];

/**
 * AssemblyAI's most accurate English model first (it handles West African accents best and covers
 * five other languages), then Universal-2, which the provider falls back to for the 90-odd languages
 * the first does not cover, e.g. a briefing in Yoruba or Hausa found by language detection.
 */
const DEFAULT_TRANSCRIPTION_MODELS = ["universal-3-pro", "universal-2"] as const;

const optionalKey = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z.object({
  ENVIRONMENT: z.enum(["development", "production"]),
  SANDBOX: z.enum(["0", "1"]),
  PASSWORD_HASH_COST: z.enum(["production", "test"]).default("production"),
  MAIL_FROM: z.string().min(3),
  TEAM_EMAIL: z.email(),
  SITE_URL: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
  ANALYSIS_MODEL: z.string().trim().min(1).default("nova-3"),
  PRESS_RELEASE_MODEL: z.string().trim().min(1).default("claude-sonnet-4-6"),
  TRANSCRIPTION_MODELS: z
    .string()
    .default(DEFAULT_TRANSCRIPTION_MODELS.join(","))
    .transform((value) =>
      value
        .split(",")
        .map((model) => model.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9][a-z0-9.-]*$/)).min(1)),
  INVOICE_ISSUER_NAME: z.string().trim().min(1).max(200).default("Vox Technologies"),
  INVOICE_ISSUER_ADDRESS: z.string().trim().min(1).max(500).default("Lagos, Nigeria"),
  INVOICE_TAX_ID: z.string().trim().max(50).default(""),
  ELEVENLABS_API_KEY: optionalKey,
  DEEPGRAM_API_KEY: optionalKey,
  ASSEMBLYAI_API_KEY: optionalKey,
  SPITCH_API_KEY: optionalKey,
  PAYSTACK_SECRET_KEY: optionalKey,
  MAIL_API_KEY: optionalKey,
  HUME_API_KEY: optionalKey,
  HUME_SECRET_KEY: optionalKey,
  MAIL_WEBHOOK_SECRET: optionalKey,
});

export interface AppConfig {
  readonly environment: "development" | "production";
  readonly sandbox: boolean;
  /** Sender of every e-mail, e.g. `Vox <no-reply@vox.ng>`. */
  readonly mailFrom: string;
  /** Where consultation and contact requests are announced. */
  readonly teamEmail: string;
  /** The site's origin for payment callbacks; null means the Worker's own origin. */
  readonly siteUrl: string | null;
  /** Argon2id cost of new password hashes: production's, or the cheap one test runs ask for. */
  readonly passwordHash: PasswordHashParams;
  /** Provider model ids, so a model retirement is a configuration change. */
  readonly models: {
    readonly analysis: string;
    readonly pressRelease: string;
    /** AssemblyAI `speech_models`, in priority order. */
    readonly transcription: readonly string[];
  };
  /** Vox's registered details as every invoice prints them; the tax ID is null until it is set. */
  readonly invoiceIssuer: InvoiceIssuer;
  /**
   * The mail provider's webhook signing secret (`whsec_…`), which its bounce and complaint events
   * are signed with; the sandbox's own when SANDBOX=1, null when production has none set.
   */
  readonly mailWebhookSecret: string | null;
  readonly secrets: Readonly<Partial<Record<SecretVar, string>>>;
}

export interface InvoiceIssuer {
  readonly name: string;
  readonly address: string;
  readonly taxId: string | null;
}

/** The sandbox mail emulator signs its events with this (`whsec_` and base64, as the provider writes one). */
export const SANDBOX_MAIL_WEBHOOK_SECRET = `whsec_${btoa("sandbox-mail-webhook-secret")}`;

const cache = new WeakMap<object, AppConfig>();

export function loadConfig(env: Env): AppConfig {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new ConfigError(`Invalid Worker configuration: ${fields}`);
  }
  const {
    ENVIRONMENT,
    SANDBOX,
    PASSWORD_HASH_COST,
    MAIL_FROM,
    TEAM_EMAIL,
    SITE_URL,
    ANALYSIS_MODEL,
    PRESS_RELEASE_MODEL,
    TRANSCRIPTION_MODELS,
    INVOICE_ISSUER_NAME,
    INVOICE_ISSUER_ADDRESS,
    INVOICE_TAX_ID,
    MAIL_WEBHOOK_SECRET,
    ...secrets
  } = parsed.data;
  if (ENVIRONMENT === "production" && SANDBOX === "1") {
    throw new ConfigError("SANDBOX=1 is not allowed when ENVIRONMENT=production");
  }
  // Hashes this cheap would let a stolen database be guessed through quickly.
  if (ENVIRONMENT === "production" && PASSWORD_HASH_COST === "test") {
    throw new ConfigError("PASSWORD_HASH_COST=test is not allowed when ENVIRONMENT=production");
  }
  const config: AppConfig = {
    environment: ENVIRONMENT,
    sandbox: SANDBOX === "1",
    mailFrom: MAIL_FROM,
    teamEmail: TEAM_EMAIL,
    siteUrl: SITE_URL ? SITE_URL.replace(/\/$/, "") : null,
    passwordHash: PASSWORD_HASH_COST === "test" ? TEST_PASSWORD_HASH_PARAMS : PASSWORD_HASH_PARAMS,
    models: { analysis: ANALYSIS_MODEL, pressRelease: PRESS_RELEASE_MODEL, transcription: TRANSCRIPTION_MODELS },
    invoiceIssuer: { name: INVOICE_ISSUER_NAME, address: INVOICE_ISSUER_ADDRESS, taxId: INVOICE_TAX_ID || null },
    mailWebhookSecret: SANDBOX === "1" ? SANDBOX_MAIL_WEBHOOK_SECRET : (MAIL_WEBHOOK_SECRET ?? null),
    secrets,
  };
  cache.set(env, config);
  return config;
}

interface EndpointContext {
  /** Origin of the incoming request; sandbox URLs a browser must open (checkout) live there. */
  readonly origin: string;
  readonly sandboxFetch: (request: Request) => Promise<Response>;
}

export function providerEndpoint(config: AppConfig, provider: Provider, context: EndpointContext): ProviderEndpoint {
  if (config.sandbox) {
    return {
      baseUrl: `${context.origin}${SANDBOX_PATH}/${provider}`,
      apiKey: sandboxKey(provider),
      secretKey: "secretVar" in PROVIDERS[provider] ? sandboxSecret(provider) : undefined,
      fetch: context.sandboxFetch,
    };
  }
  const entry: { baseUrl: string; keyVar: SecretVar; secretVar?: SecretVar } = PROVIDERS[provider];
  const apiKey = config.secrets[entry.keyVar];
  if (!apiKey) throw new ConfigError(`${entry.keyVar} is not set and SANDBOX is off`);
  if (!entry.secretVar) return { baseUrl: entry.baseUrl, apiKey, fetch: (request) => fetch(request) };
  const secretKey = config.secrets[entry.secretVar];
  if (!secretKey) throw new ConfigError(`${entry.secretVar} is not set and SANDBOX is off`);
  return { baseUrl: entry.baseUrl, apiKey, secretKey, fetch: (request) => fetch(request) };
}
