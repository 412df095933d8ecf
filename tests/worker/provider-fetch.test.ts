import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { listVoices, SpeechProviderError } from "../../worker/providers/elevenlabs.ts";
import type { ProviderEndpoint } from "../../worker/providers/endpoint.ts";
import { fetchAccessToken, VoiceTokenError } from "../../worker/providers/hume.ts";
import { MailDeliveryError, sendMail } from "../../worker/providers/mail.ts";
import { initializeTransaction, PaymentProviderError, verifyTransaction } from "../../worker/providers/paystack.ts";
import {
  type ProviderAdapter,
  ProviderContractError,
  ProviderError,
  providerFetch,
  providerJson,
  providerStream,
} from "../../worker/providers/provider-error.ts";

class ExampleError extends ProviderError {
  override name = "ExampleError";
}

const example: ProviderAdapter = {
  provider: "example",
  auth: (endpoint) => ({ authorization: `Bearer ${endpoint.apiKey}` }),
  timeoutMs: 5_000,
  errorClass: ExampleError,
  refusalDetail: (body) => z.object({ message: z.string() }).safeParse(body).data?.message,
};

const plain: ProviderAdapter = { provider: "plain", auth: () => ({}), timeoutMs: 5_000 };

/** An endpoint whose provider answers (or fails) as told, remembering what it was sent. */
function endpoint(answer: Response | Error | ((request: Request) => Promise<Response>)) {
  const sent: Request[] = [];
  const target: ProviderEndpoint = {
    baseUrl: "https://provider.test",
    apiKey: "key",
    secretKey: "secret",
    fetch: async (request) => {
      sent.push(request);
      if (typeof answer === "function") return answer(request);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { target, sent };
}

/** A provider that never answers, until the request's own signal gives up on it. */
const silent = (request: Request) =>
  new Promise<Response>((_, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason));
  });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail("the call should have failed"),
    (error: unknown) => error as ProviderError,
  );

const contract = {
  documented: z.object({ id: z.string(), created: z.string() }),
  needed: z.object({ id: z.string() }),
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("providerFetch", () => {
  it("sends to the base URL with the adapter's auth, JSON as POST with its type, and GET without a body", async () => {
    const { target, sent } = endpoint(Response.json({ id: "1" }));
    await providerFetch(example, target, { what: "create", path: "/v1/things?x=1", json: { name: "a" } });
    await providerFetch(example, target, { what: "read", path: "/v1/things/1" });
    expect(sent.map((request) => [request.method, request.url])).toEqual([
      ["POST", "https://provider.test/v1/things?x=1"],
      ["GET", "https://provider.test/v1/things/1"],
    ]);
    expect(sent[0]?.headers.get("authorization")).toBe("Bearer key");
    expect(sent[0]?.headers.get("content-type")).toBe("application/json");
    expect(await sent[0]?.json()).toEqual({ name: "a" });
  });

  it("gives up on a provider that does not answer in time: status 0, retryable", async () => {
    const { target } = endpoint(silent);
    const started = Date.now();
    const error = await failureOf(providerFetch(example, target, { what: "slow", path: "/", timeoutMs: 50 }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(ExampleError);
    expect(error).toMatchObject({ provider: "example", status: 0, retryable: true });
    expect(error.message).toMatch(/slow unreachable/);
  });

  it("turns a network failure into the adapter's error with status 0, retryable", async () => {
    const { target } = endpoint(new TypeError("connection reset"));
    const error = await failureOf(providerFetch(example, target, { what: "read", path: "/" }));
    expect(error).toBeInstanceOf(ExampleError);
    expect(error).toMatchObject({ status: 0, retryable: true });
    expect(error.message).toBe("example: read unreachable: connection reset");
  });

  it.each([500, 502, 503, 429])("treats %i as retryable", async (status) => {
    const { target } = endpoint(Response.json({ message: "try later" }, { status }));
    const error = await failureOf(providerFetch(example, target, { what: "read", path: "/" }));
    expect(error).toBeInstanceOf(ExampleError);
    expect(error).toMatchObject({ status, retryable: true, detail: "try later" });
  });

  it.each([400, 401, 403, 404, 422])("treats %i as final, with the provider's explanation", async (status) => {
    const { target } = endpoint(Response.json({ message: "bad request" }, { status }));
    const error = await failureOf(providerFetch(example, target, { what: "read", path: "/" }));
    expect(error).toBeInstanceOf(ExampleError);
    expect(error).toMatchObject({ status, retryable: false, detail: "bad request" });
  });

  it("keeps the start of a refusal that is not JSON as its detail", async () => {
    const { target } = endpoint(new Response(`<html>${"x".repeat(500)}</html>`, { status: 502 }));
    const error = await failureOf(providerFetch(plain, target, { what: "read", path: "/" }));
    expect(error.constructor).toBe(ProviderError);
    expect(error.detail).toHaveLength(300);
    expect(error.message).toMatch(/^plain: read answered 502: <html>x+$/);
  });

  it("accepts only 101 when opening a socket, and its timeout ends with the answer", async () => {
    const opened = endpoint(new Response(null, { status: 101, webSocket: new WebSocketPair()[0] }));
    const response = await providerFetch(plain, opened.target, {
      what: "stream",
      path: "/",
      upgrade: true,
      timeoutMs: 20,
    });
    expect(response.status).toBe(101);
    expect(opened.sent[0]?.headers.get("upgrade")).toBe("websocket");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(opened.sent[0]?.signal.aborted).toBe(false);

    const refused = endpoint(Response.json({ message: "unknown model" }, { status: 400 }));
    const error = await failureOf(providerFetch(plain, refused.target, { what: "stream", path: "/", upgrade: true }));
    expect(error).toMatchObject({ status: 400, retryable: false });
    const notUpgraded = endpoint(Response.json({}));
    const plainAnswer = await failureOf(
      providerFetch(plain, notUpgraded.target, { what: "stream", path: "/", upgrade: true }),
    );
    expect(plainAnswer).toMatchObject({ status: 200, retryable: false });

    const silentSocket = endpoint(silent);
    const timedOut = await failureOf(
      providerFetch(plain, silentSocket.target, { what: "stream", path: "/", upgrade: true, timeoutMs: 50 }),
    );
    expect(timedOut).toMatchObject({ status: 0, retryable: true });
  });
});

describe("reading answers against their contract", () => {
  it("answers the fields the product reads, logging drift in the others", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { target } = endpoint(Response.json({ id: "t1" }));
    expect(await providerJson(example, target, { what: "read", path: "/" }, contract)).toEqual({ id: "t1" });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("provider_contract_drift"));
  });

  it("turns a missing field it reads into a contract error that is not retried, still the adapter's class", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { target } = endpoint(Response.json({ identifier: "t1", created: "today" }));
    const error = await failureOf(providerJson(example, target, { what: "read", path: "/" }, contract));
    expect(error).toBeInstanceOf(ProviderContractError);
    expect(error).toBeInstanceOf(ExampleError);
    expect(error).toMatchObject({ status: 200, retryable: false, contractBroken: true });
    expect(error.message).toMatch(/read answered an unexpected shape \(id:/);

    const plainTarget = endpoint(new Response("not json")).target;
    const plainError = await failureOf(providerJson(plain, plainTarget, { what: "read", path: "/" }, contract));
    expect(plainError.constructor).toBe(ProviderContractError);
  });

  it("reads the answer after `prepare` when the provider has more than one shape of it", async () => {
    const { target } = endpoint(Response.json({ data: { id: "t1", created: "today" } }));
    const answer = await providerJson(
      example,
      target,
      { what: "read", path: "/" },
      { ...contract, prepare: (body) => (body as { data: unknown }).data },
    );
    expect(answer).toEqual({ id: "t1" });
  });

  it("ends each call's timeout with the call, so one invocation can make more than 10,000 calls", async () => {
    // workerd lets an invocation hold 10,000 live timers; a renewal sweep makes thousands of calls.
    const { target } = endpoint(async () => Response.json({ id: "t", created: "today" }));
    const refusing = endpoint(async () => Response.json({ message: "no" }, { status: 400 })).target;
    for (let call = 0; call < 10_050; call++) {
      expect(await providerJson(example, target, { what: "read", path: "/" }, contract)).toEqual({ id: "t" });
    }
    for (let call = 0; call < 50; call++) {
      expect(await failureOf(providerJson(example, refusing, { what: "read", path: "/" }, contract))).toMatchObject({
        status: 400,
      });
    }
  }, 60_000);

  it("tells an outage and a refusal apart from a broken contract", () => {
    expect(new ExampleError("example", "down", 503)).not.toBeInstanceOf(ProviderContractError);
    expect(new ProviderError("example", "refused", 400)).not.toBeInstanceOf(ProviderContractError);
  });

  it("hands a streamed answer on unread, and refuses an answer without a body", async () => {
    const audio = await providerStream(example, endpoint(new Response("mp3 bytes")).target, {
      what: "speak",
      path: "/",
    });
    expect(await new Response(audio).text()).toBe("mp3 bytes");
    const error = await failureOf(
      providerStream(example, endpoint(new Response(null)).target, { what: "speak", path: "/" }),
    );
    expect(error).toMatchObject({ status: 200, retryable: false });
  });
});

describe("every adapter through the helper", () => {
  const mailMessage = { to: "a@b.ng", subject: "s", text: "t" };
  const initialize = {
    email: "a@b.ng",
    amountKobo: 100,
    currency: "NGN",
    reference: "r1",
    callbackUrl: "https://vox.ng",
  } as const;
  const calls: [string, (target: ProviderEndpoint) => Promise<unknown>, new (...args: never[]) => Error][] = [
    ["voices", listVoices, SpeechProviderError],
    ["voice token", fetchAccessToken, VoiceTokenError],
    ["mail", (target) => sendMail(target, "Vox <no-reply@vox.ng>", mailMessage), MailDeliveryError],
    ["payment initialize", (target) => initializeTransaction(target, initialize), PaymentProviderError],
    ["payment verify", (target) => verifyTransaction(target, "r1"), PaymentProviderError],
  ];

  it.each(calls)("%s: an outage is retryable, a refusal is not, both in the adapter's class", async (_, send, type) => {
    const outage = await failureOf(send(endpoint(new TypeError("down")).target));
    expect(outage).toBeInstanceOf(type);
    expect(outage).toMatchObject({ status: 0, retryable: true });
    const overloaded = await failureOf(send(endpoint(new Response("busy", { status: 503 })).target));
    expect(overloaded).toMatchObject({ status: 503, retryable: true });
    const refused = await failureOf(send(endpoint(Response.json({}, { status: 401 })).target));
    expect(refused).toBeInstanceOf(type);
    expect(refused).toMatchObject({ status: 401, retryable: false });
  });

  it.each(calls)(
    "%s: an answer of the wrong shape is a contract error in the adapter's class",
    async (_, send, type) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const error = await failureOf(send(endpoint(Response.json({ unexpected: true })).target));
      expect(error).toBeInstanceOf(type);
      expect(error).toBeInstanceOf(ProviderContractError);
      expect(error.retryable).toBe(false);
    },
  );
});
