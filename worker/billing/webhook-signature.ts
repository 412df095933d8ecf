/** Paystack webhook signatures (verified with a Workers-only constant-time compare). */

async function hmacSha512Hex(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-512" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `x-paystack-signature` is the hex HMAC-SHA512 of the raw body keyed with the secret key. */
export function signWebhook(secret: string, rawBody: string): Promise<string> {
  return hmacSha512Hex(secret, rawBody);
}

export async function isValidWebhookSignature(secret: string, rawBody: string, signature: string | undefined) {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = new TextEncoder().encode(await hmacSha512Hex(secret, rawBody));
  const given = new TextEncoder().encode(signature.toLowerCase());
  return crypto.subtle.timingSafeEqual(expected, given);
}
