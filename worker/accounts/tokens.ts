/** Random secrets handed to clients (session tokens, reset grants) and how we store them. */

export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...raw))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A uniformly random numeric code (rejection sampling, so no digit is favoured). */
export function randomDigits(length: number): string {
  const limit = 10 ** length;
  const ceiling = Math.floor(0x1_0000_0000 / limit) * limit;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < ceiling) return String(value % limit).padStart(length, "0");
  }
}

export function isoIn(milliseconds: number, from = Date.now()): string {
  return new Date(from + milliseconds).toISOString();
}
