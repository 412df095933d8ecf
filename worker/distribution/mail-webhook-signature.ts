import { base64, hmac, isSameSignature } from "../core/webhook-hmac.ts";

/**
 * The mail provider's webhook signatures. Resend signs its events the Svix way: `svix-id`,
 * `svix-timestamp` (Unix seconds) and `svix-signature`, a space-separated list of `v1,<base64>`, each
 * an HMAC-SHA256 of `<id>.<timestamp>.<raw body>` keyed with the base64 after `whsec_` of the secret.
 */

/** Events older or newer than this are refused, so a captured one cannot be replayed later. */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

interface SignedHeaders {
  readonly id: string | undefined;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
}

function keyBytes(secret: string): Uint8Array {
  const base64 = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function hmacBase64(secret: string, content: string): Promise<string> {
  return base64(await hmac("SHA-256", keyBytes(secret), content));
}

/** The headers an event of `rawBody` is sent with (the sandbox's emulator signs with this). */
export async function signMailEvent(secret: string, rawBody: string, now = new Date()) {
  const id = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = `v1,${await hmacBase64(secret, `${id}.${timestamp}.${rawBody}`)}`;
  return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": signature };
}

export async function isValidMailEvent(
  secret: string,
  rawBody: string,
  headers: SignedHeaders,
  now = new Date(),
): Promise<boolean> {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || id.length > 100) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  let expected: string;
  try {
    expected = await hmacBase64(secret, `${id}.${timestamp}.${rawBody}`);
  } catch {
    return false; // a secret that is not base64
  }
  for (const entry of signature.split(" ").slice(0, 10)) {
    const [version, given] = entry.split(",", 2);
    if (version === "v1" && given && isSameSignature(given, expected)) return true;
  }
  return false;
}
