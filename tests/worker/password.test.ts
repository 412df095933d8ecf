import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, PASSWORD_HASH_PARAMS, verifyPassword } from "../../worker/auth/password.ts";

describe("password hashing", () => {
  it("uses OWASP's Argon2id setting (19 MiB, t=2, p=1) with a 16-byte salt", () => {
    expect(PASSWORD_HASH_PARAMS).toEqual({ m: 19_456, t: 2, p: 1, dkLen: 32, saltBytes: 16 });
  });

  it("fits production Workers limits: memory well under 128 MB, CPU well under 30 s", async () => {
    const memoryBytes = PASSWORD_HASH_PARAMS.m * 1024;
    expect(memoryBytes).toBeLessThan(32 * 1024 * 1024);
    const started = performance.now();
    await hashPassword("measure me please");
    // Date-based timers in workerd only advance across I/O, so this measures the whole await.
    const elapsed = performance.now() - started;
    console.log(`[password] one Argon2id hash took ${elapsed.toFixed(0)} ms in workerd`);
    expect(elapsed).toBeLessThan(5_000);
  });

  it("verifies the right password, rejects a wrong one, and salts every hash", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse batterY", first)).toBe(false);
  });

  it("treats a malformed stored hash as a mismatch, and the dummy hash matches nothing", async () => {
    expect(await verifyPassword("x", "plaintext-password")).toBe(false);
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH)).toBe(false);
  });
});
