import { hex, hmac, isSameSignature } from "../core/webhook-hmac.ts";

/** `x-paystack-signature` is the hex HMAC-SHA512 of the raw body keyed with the secret key. */
export async function signWebhook(secret: string, rawBody: string): Promise<string> {
  return hex(await hmac("SHA-512", secret, rawBody));
}

export async function isValidWebhookSignature(secret: string, rawBody: string, signature: string | undefined) {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  return isSameSignature(signature.toLowerCase(), await signWebhook(secret, rawBody));
}
