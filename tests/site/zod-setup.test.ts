import { expect, it } from "vitest";
import "../../site/src/zod-setup.ts";
import { z } from "zod";

it("turns zod's eval probe off before any schema is built (the CSP forbids eval)", () => {
  expect(z.config().jitless).toBe(true);
  let probed = false;
  const original = globalThis.Function;
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      probed = true;
      return Reflect.construct(target, args);
    },
  });
  try {
    expect(z.object({ name: z.string() }).parse({ name: "Ada" })).toEqual({ name: "Ada" });
  } finally {
    globalThis.Function = original;
  }
  expect(probed).toBe(false);
});
