import { describe, expect, it } from "vitest";
import {
  dummyPasswordHash,
  hashPassword,
  PASSWORD_HASH_PARAMS,
  TEST_PASSWORD_HASH_PARAMS,
  verifyPassword,
} from "../../worker/accounts/password.ts";

describe("password hashing", () => {
  it("uses OWASP's Argon2id setting (19 MiB, t=2, p=1) with a 16-byte salt", () => {
    expect(PASSWORD_HASH_PARAMS).toEqual({ m: 19_456, t: 2, p: 1, dkLen: 32, saltBytes: 16 });
  });

  it("fits production Workers limits: memory well under 128 MB, CPU well under 30 s", async () => {
    const memoryBytes = PASSWORD_HASH_PARAMS.m * 1024;
    expect(memoryBytes).toBeLessThan(32 * 1024 * 1024);
    const started = performance.now();
    await hashPassword("measure me please", PASSWORD_HASH_PARAMS);
    // Date-based timers in workerd only advance across I/O, so this measures the whole await.
    const elapsed = performance.now() - started;
    console.log(`[password] one Argon2id hash took ${elapsed.toFixed(0)} ms in workerd`);
    expect(elapsed).toBeLessThan(5_000);
  });

  it("verifies the right password, rejects a wrong one, and salts every hash", async () => {
    const first = await hashPassword("correct horse battery", PASSWORD_HASH_PARAMS);
    const second = await hashPassword("correct horse battery", PASSWORD_HASH_PARAMS);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery", first)).toBe(true);
    expect(await verifyPassword("correct horse batterY", first)).toBe(false);
  });

  it("treats a malformed stored hash as a mismatch, and the dummy hash matches nothing", async () => {
    expect(await verifyPassword("x", "plaintext-password")).toBe(false);
    const dummy = dummyPasswordHash(PASSWORD_HASH_PARAMS);
    expect(dummy).toBe(
      "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    );
    expect(await verifyPassword("", dummy)).toBe(false);
  });

  it("the test cost (256 KiB, one pass) is stored with its hashes, so they verify like any other", async () => {
    const cheap = await hashPassword("correct horse battery", TEST_PASSWORD_HASH_PARAMS);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await verifyPassword("correct horse battery", cheap)).toBe(true);
    expect(await verifyPassword("correct horse batterY", cheap)).toBe(false);
    expect(await verifyPassword("", dummyPasswordHash(TEST_PASSWORD_HASH_PARAMS))).toBe(false);
  });
});
