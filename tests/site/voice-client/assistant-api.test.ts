import { describe, expect, it, vi } from "vitest";
import { AssistantApi, AssistantApiError, DEFAULT_API_BASE_URL } from "../../../site/src/voice-client/assistant-api.ts";

function recorder(status = 200, body: unknown = { id: "x" }) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    body === null ? new Response(null, { status }) : Response.json(body, { status }),
  );
}

function requestOf(fetchMock: ReturnType<typeof recorder>, index = 0) {
  const [url, init] = fetchMock.mock.calls[index] as [string, RequestInit];
  return { url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined, init };
}

describe("AssistantApi", () => {
  it("defaults to the provider host and sends the bearer key on every call", async () => {
    const fetchMock = recorder();
    const api = new AssistantApi("pk-1", { fetch: fetchMock });
    await api.metrics({ rangeStart: "2026-11-01", empty: undefined });
    const { url, method, init } = requestOf(fetchMock);
    expect(url).toBe(`${DEFAULT_API_BASE_URL}/metrics?rangeStart=2026-11-01`);
    expect(method).toBe("GET");
    expect(init.headers).toMatchObject({ authorization: "Bearer pk-1" });
  });

  it("maps every voice-assistant route to its method and path", async () => {
    const fetchMock = recorder();
    const api = new AssistantApi("pk-1", { apiBaseUrl: "https://base.test/", fetch: fetchMock });
    const body = { name: "Ada" };
    const calls: Array<[() => Promise<unknown>, string, string]> = [
      [() => api.assistants.create(body), "POST", "/assistant"],
      [() => api.assistants.list({ limit: 5 }), "GET", "/assistant?limit=5"],
      [() => api.assistants.get("a 1"), "GET", "/assistant/a%201"],
      [() => api.assistants.update("a1", body), "PATCH", "/assistant/a1"],
      [() => api.assistants.replace("a1", body), "PUT", "/assistant/a1"],
      [() => api.assistants.delete("a1"), "DELETE", "/assistant/a1"],
      [() => api.calls.list(), "GET", "/call"],
      [() => api.calls.get("c1"), "GET", "/call/c1"],
      [() => api.calls.createPhone(body), "POST", "/call/phone"],
      [() => api.credentials.create(body), "POST", "/credential"],
      [() => api.credentials.list(), "GET", "/credential"],
      [() => api.credentials.get("k1"), "GET", "/credential/k1"],
      [() => api.credentials.update("k1", body), "PUT", "/credential/k1"],
      [() => api.credentials.delete("k1"), "DELETE", "/credential/k1"],
      [() => api.phoneNumbers.buy(body), "POST", "/phone-number/buy"],
      [() => api.phoneNumbers.importTwilio(body), "POST", "/phone-number/import/twilio"],
      [() => api.phoneNumbers.importVonage(body), "POST", "/phone-number/import/vonage"],
      [() => api.phoneNumbers.list(), "GET", "/phone-number"],
      [() => api.phoneNumbers.get("p1"), "GET", "/phone-number/p1"],
      [() => api.phoneNumbers.update("p1", body), "PATCH", "/phone-number/p1"],
      [() => api.phoneNumbers.delete("p1"), "DELETE", "/phone-number/p1"],
      [() => api.metrics(), "GET", "/metrics"],
    ];
    for (const [index, [run, method, path]] of calls.entries()) {
      await run();
      const sent = requestOf(fetchMock, index);
      expect(`${sent.method} ${sent.url}`).toBe(`${method} https://base.test${path}`);
      if (method === "POST" || method === "PATCH" || method === "PUT") expect(sent.body).toEqual(body);
      else expect(sent.body).toBeUndefined();
    }
  });

  it("carries the status and the provider's message on failures", async () => {
    const api = new AssistantApi("pk-1", {
      fetch: recorder(400, { message: ["assistantId must be a string"], error: "Bad Request", statusCode: 400 }),
    });
    const error = await api.calls.createWeb({ assistantId: "a1" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssistantApiError);
    expect(error).toMatchObject({ status: 400, message: "assistantId must be a string" });
  });

  it("reports an unreachable API as status 0 and a web call without a URL as an error", async () => {
    const offline = new AssistantApi("pk-1", {
      fetch: vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    });
    await expect(offline.calls.list()).rejects.toMatchObject({
      status: 0,
      message: expect.stringContaining("Failed to fetch"),
    });
    const noUrl = new AssistantApi("pk-1", { fetch: recorder(201, { id: "c1" }) });
    await expect(noUrl.calls.createWeb({ assistantId: "a1" })).rejects.toThrow(/no webCallUrl/);
  });
});
