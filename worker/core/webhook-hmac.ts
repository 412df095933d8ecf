/**
 * The part every webhook signature shares: an HMAC of what the provider signed, and a constant-time
 * comparison with what it sent (Workers' `timingSafeEqual`), so a forger learns nothing from how long
 * a refusal takes. Each provider's module keeps its own headers, encoding and key format.
 */

const UTF8 = new TextEncoder();

export async function hmac(hash: "SHA-256" | "SHA-512", key: string | Uint8Array, content: string) {
  const raw = typeof key === "string" ? UTF8.encode(key) : key;
  const cryptoKey = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, UTF8.encode(content)));
}

export const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

export const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** Whether a sent signature is the expected one; only their lengths, which are public, can differ in time. */
export function isSameSignature(given: string, expected: string): boolean {
  const a = UTF8.encode(given);
  const b = UTF8.encode(expected);
  return a.length === b.length && crypto.subtle.timingSafeEqual(a, b);
}
