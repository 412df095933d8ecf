import { argon2idAsync } from "@noble/hashes/argon2.js";
import { ApiError } from "../core/errors.ts";

/**
 * Argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). Workers cap PBKDF2
 * at 100,000 iterations, below OWASP's bar, and cannot compile WASM at run time, so this is the
 * audited pure-JS implementation from @noble/hashes: ~0.2 s CPU and 19 MiB per hash, well inside
 * a paid Worker's limits (128 MB memory, 30 s CPU). The parameters are stored with each hash, so
 * raising them later does not lock anyone out.
 */
export const PASSWORD_HASH_PARAMS = { m: 19_456, t: 2, p: 1, dkLen: 32, saltBytes: 16 } as const;

/**
 * The cost test runs use (PASSWORD_HASH_COST=test): 256 KiB and one pass, about 1/150 of the
 * work, since every account a test makes costs hashes and the suite makes hundreds. The config
 * refuses it in production.
 */
export const TEST_PASSWORD_HASH_PARAMS = { m: 256, t: 1, p: 1, dkLen: 32, saltBytes: 16 } as const;

export type PasswordHashParams = typeof PASSWORD_HASH_PARAMS | typeof TEST_PASSWORD_HASH_PARAMS;

const encoder = new TextEncoder();

/**
 * Each hash holds 19 MiB for its whole run and an isolate has 128 MB, so only a few run at once;
 * a few more wait their turn, and a burst beyond that is turned away at once instead of queueing
 * until memory or the request deadline runs out.
 */
const MAX_CONCURRENT_HASHES = 2;
const MAX_WAITING_HASHES = 8;
const MAX_WAIT_MS = 10_000;
// A request may not wait on a promise another request resolves (the runtime cancels it as hung),
// so a waiting request checks again on its own timer.
const RECHECK_MS = 20;

let running = 0;
let waiting = 0;

const busy = () =>
  new ApiError(503, "server_busy", "Vox is busy right now. Please try again in a moment.", undefined, {
    "Retry-After": "2",
  });

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) {
    if (waiting >= MAX_WAITING_HASHES) throw busy();
    waiting++;
    try {
      const deadline = Date.now() + MAX_WAIT_MS;
      while (running >= MAX_CONCURRENT_HASHES) {
        if (Date.now() > deadline) throw busy();
        await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
      }
    } finally {
      waiting--;
    }
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
  }
}

type HashParams = { m: number; t: number; p: number; dkLen: number };

/**
 * How long a real check takes here, followed as it runs (about 0.2 s until the first is timed), so
 * an unknown e-mail can be answered after as long without taking a hash slot.
 */
let typicalCheckMs = 200;

async function timedArgon2id(password: string, salt: Uint8Array, params: HashParams): Promise<Uint8Array> {
  const started = performance.now();
  const hash = await argon2idAsync(encoder.encode(password), salt, params);
  const elapsed = performance.now() - started;
  // Production Workers stop the clock while code runs, so a zero reading says nothing.
  if (elapsed > 0) typicalCheckMs = typicalCheckMs * 0.8 + elapsed * 0.2;
  return hash;
}

function argon2id(password: string, salt: Uint8Array, params: HashParams) {
  return withHashSlot(() => timedArgon2id(password, salt, params));
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. */
export async function hashPassword(password: string, params: PasswordHashParams): Promise<string> {
  const { m, t, p, dkLen, saltBytes } = params;
  const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
  const hash = await argon2id(password, salt, { m, t, p, dkLen });
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${toBase64(salt)}$${toBase64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, hash] = match;
  const expected = fromBase64(hash ?? "");
  const actual = await argon2id(password, fromBase64(salt ?? ""), {
    m: Number(m),
    t: Number(t),
    p: Number(p),
    dkLen: expected.length,
  });
  return constantTimeEqual(actual, expected);
}

/**
 * A valid hash of no one's password with the given parameters: verifying against it costs what a
 * real check of a hash made with them costs.
 */
export function dummyPasswordHash({ m, t, p, dkLen, saltBytes }: PasswordHashParams): string {
  const zeros = (bytes: number) => toBase64(new Uint8Array(bytes));
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${zeros(saltBytes)}$${zeros(dkLen)}`;
}

/**
 * What a sign-in for an e-mail with no account costs. Such attempts need no hash to be refused, so
 * they must not take the slots real accounts sign in with: a flood of them from many addresses
 * would otherwise turn real owners away with 503. When a slot is idle the check is real (a dummy
 * hash with the parameters new accounts get, so timing is exact); otherwise it only waits as long
 * as a real check takes, costing no CPU or memory. Either way the answer is the same 401 after
 * about the same time.
 */
export async function checkNoOnesPassword(password: string, params: PasswordHashParams): Promise<false> {
  if (running + waiting < MAX_CONCURRENT_HASHES) {
    await verifyPassword(password, dummyPasswordHash(params));
  } else {
    await new Promise((resolve) => setTimeout(resolve, typicalCheckMs));
  }
  return false;
}
