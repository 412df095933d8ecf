import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiRequest } from "../../site/src/api/client.ts";
import { PAYMENT_REQUIRED_EVENT, UNAUTHORIZED_EVENT } from "../../site/src/api/session.ts";

function respondWith(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function seedSession() {
  localStorage.setItem("token", "stored-token-value");
  localStorage.setItem("userObj", JSON.stringify({ name: "Kemi" }));
}

afterEach(() => vi.unstubAllGlobals());

const unknownAnswer = async () => z.unknown();

describe("the API client", () => {
  it("sends JSON with the stored bearer token and validates the answer", async () => {
    seedSession();
    const fetchMock = respondWith(200, { message: "ok" });
    await expect(
      apiRequest("/api", { body: { a: 1 }, schema: async () => z.object({ message: z.string() }) }),
    ).resolves.toEqual({
      message: "ok",
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({
      authorization: "Bearer stored-token-value",
      "content-type": "application/json",
    });
  });

  it.each([401, 403])("on %i clears the session and announces it", async (status) => {
    seedSession();
    const announced = vi.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, announced);
    respondWith(status, { message: "Your session has ended.", code: "unauthorized" });
    const error = await apiRequest("/auth/me", { schema: unknownAnswer }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, message: "Your session has ended." });
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("userObj")).toBeNull();
    expect(announced).toHaveBeenCalledTimes(1);
    window.removeEventListener(UNAUTHORIZED_EVENT, announced);
  });

  it("keeps the session when the login call itself answers 401", async () => {
    seedSession();
    respondWith(401, { message: "Incorrect e-mail or password.", code: "invalid_credentials" });
    await expect(apiRequest("/auth/signin", { body: {}, schema: unknownAnswer, isLogin: true })).rejects.toMatchObject({
      message: "Incorrect e-mail or password.",
    });
    expect(localStorage.getItem("token")).toBe("stored-token-value");
  });

  it("carries field errors, and explains a network failure", async () => {
    respondWith(400, { message: "email: bad", code: "validation_failed", errors: { email: ["bad"] } });
    await expect(apiRequest("/api", { body: {}, schema: unknownAnswer })).rejects.toMatchObject({
      errors: { email: ["bad"] },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(apiRequest("/api", { body: {}, schema: unknownAnswer })).rejects.toMatchObject({
      code: "network_error",
    });
  });

  it("loads the answer's schema with the request; a schema the dropped connection kept away is a network error", async () => {
    respondWith(200, { message: "ok" });
    const schema = vi.fn(async () => z.object({ message: z.literal("ok") }));
    await expect(apiRequest("/api", { schema })).resolves.toEqual({ message: "ok" });
    expect(schema).toHaveBeenCalledTimes(1);
    respondWith(200, { message: "ok" });
    const unreachable = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    await expect(apiRequest("/api", { schema: unreachable })).rejects.toMatchObject({ code: "network_error" });
  });

  it("reads a refusal's message even before any schema has loaded", async () => {
    respondWith(409, { message: "Verify your e-mail first.", code: "email_unverified" });
    await expect(apiRequest("/api/tts", { body: {}, schema: unknownAnswer })).rejects.toMatchObject({
      status: 409,
      code: "email_unverified",
      message: "Verify your e-mail first.",
    });
  });
});

describe("402 from a tool call", () => {
  it("keeps the session and announces that a plan is needed", async () => {
    seedSession();
    const announced = vi.fn();
    window.addEventListener(PAYMENT_REQUIRED_EVENT, announced);
    respondWith(402, { message: "Your plan has ended.", code: "payment_required" });
    await expect(apiRequest("/api/tts", { body: {}, schema: unknownAnswer })).rejects.toMatchObject({ status: 402 });
    expect(localStorage.getItem("token")).toBe("stored-token-value");
    expect(announced).toHaveBeenCalledTimes(1);
    const [event] = announced.mock.calls[0] as unknown as [CustomEvent];
    expect(event.detail).toBe("Your plan has ended.");
    window.removeEventListener(PAYMENT_REQUIRED_EVENT, announced);
  });
});
