import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it, vi } from "vitest";
import { ApiError, handleError } from "../../worker/core/errors.ts";

function appThrowing(error: Error) {
  const app = new Hono();
  app.get("/", () => {
    throw error;
  });
  app.onError(handleError);
  return app;
}

describe("the one error shape", () => {
  it("answers an ApiError with its status, code, field errors and headers", async () => {
    const response = await appThrowing(
      new ApiError(429, "rate_limited", "Slow down", { email: ["Too many tries"] }, { "Retry-After": "7" }),
    ).request("/");
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("7");
    expect(await response.json()).toEqual({
      message: "Slow down",
      code: "rate_limited",
      errors: { email: ["Too many tries"] },
    });
  });

  it("turns a 4xx HTTPException (e.g. malformed JSON) into the shape", async () => {
    const response = await appThrowing(new HTTPException(400, { message: "Malformed JSON in request body" })).request(
      "/",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Malformed JSON in request body", code: "bad_request" });
  });

  it("answers a write that names a row erased meanwhile (a foreign key D1 refuses) 409 gone, not 500", async () => {
    // The real error D1 throws when an account is erased between the session check and a write.
    const refused = await env.DB.prepare(
      "INSERT INTO audio_items (id, user_id, kind, voice_id, bytes, r2_key, created_at) VALUES ('a', 'no-such-user', 'tts', 'v', 1, 'k', '2026-11-27')",
    )
      .run()
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(refused).toBeInstanceOf(Error);
    const response = await appThrowing(refused as Error).request("/");
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: "What this request refers to no longer exists.",
      code: "gone",
    });
  });

  it("answers an unknown error 500 without leaking its message or stack", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await appThrowing(new Error("db password is hunter2")).request("/");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain("hunter2");
    expect(JSON.parse(text)).toEqual({ message: "Something went wrong on our side.", code: "internal_error" });
    expect(log).toHaveBeenCalled();
  });
});
