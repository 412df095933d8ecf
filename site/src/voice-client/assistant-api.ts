/**
 * Typed calls for the voice-assistant provider's REST API: JSON both ways, with a bearer
 * header built from the key the developer supplies. Only the web call's payload is fixed
 * by the product, so the others are open JSON objects.
 */

/** The provider's API host; every call can be pointed elsewhere (e.g. the Vox sandbox emulator). */
export const DEFAULT_API_BASE_URL = "https://api.vapi.ai";

export type JsonObject = { [key: string]: unknown };
export type Query = Record<string, string | number | boolean | undefined>;

export interface AssistantApiOptions {
  /** Defaults to {@link DEFAULT_API_BASE_URL}. */
  readonly apiBaseUrl?: string;
  /** Defaults to the global `fetch`; tests and server runtimes may pass their own. */
  readonly fetch?: typeof fetch;
}

/** A non-2xx answer or a network failure (status 0), with the provider's message when it gave one. */
export class AssistantApiError extends Error {
  override name = "AssistantApiError";
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export type CreateWebCallRequest =
  | { readonly assistantId: string; readonly assistantOverrides?: JsonObject }
  | { readonly assistant: JsonObject; readonly assistantOverrides?: JsonObject };

export interface WebCall extends JsonObject {
  readonly webCallUrl: string;
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

function providerMessage(body: unknown, status: number): string {
  if (body && typeof body === "object" && "message" in body) {
    const { message } = body as { message: unknown };
    if (typeof message === "string" && message) return message;
    if (Array.isArray(message) && message.length > 0) return message.map(String).join("; ");
  }
  return `The voice-assistant API answered HTTP ${status}`;
}

export class AssistantApi {
  private readonly baseUrl: string;
  private readonly fetcher: typeof fetch;

  constructor(
    private readonly token: string,
    options: AssistantApiOptions = {},
  ) {
    this.baseUrl = (options.apiBaseUrl || DEFAULT_API_BASE_URL).replace(/\/+$/, "");
    this.fetcher = options.fetch || ((input, init) => fetch(input, init));
  }

  async request<T = JsonObject>(method: Method, path: string, body?: unknown, query?: Query): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    if (query) {
      for (const key of Object.keys(query)) {
        const value = query[key];
        if (value !== undefined) url.searchParams.set(key, String(value));
      }
    }
    const headers: Record<string, string> = { accept: "application/json", authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await this.fetcher(url.toString(), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AssistantApiError(0, `Could not reach the voice-assistant API at ${this.baseUrl}: ${reason}`);
    }
    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!response.ok) throw new AssistantApiError(response.status, providerMessage(parsed, response.status), parsed);
    return parsed as T;
  }

  readonly assistants = {
    create: (body: JsonObject) => this.request("POST", "/assistant", body),
    list: (query?: Query) => this.request<JsonObject[]>("GET", "/assistant", undefined, query),
    get: (id: string) => this.request("GET", `/assistant/${encodeURIComponent(id)}`),
    update: (id: string, body: JsonObject) => this.request("PATCH", `/assistant/${encodeURIComponent(id)}`, body),
    replace: (id: string, body: JsonObject) => this.request("PUT", `/assistant/${encodeURIComponent(id)}`, body),
    delete: (id: string) => this.request("DELETE", `/assistant/${encodeURIComponent(id)}`),
  };

  readonly calls = {
    list: (query?: Query) => this.request<JsonObject[]>("GET", "/call", undefined, query),
    get: (id: string) => this.request("GET", `/call/${encodeURIComponent(id)}`),
    createPhone: (body: JsonObject) => this.request("POST", "/call/phone", body),
    createWeb: async (body: CreateWebCallRequest): Promise<WebCall> => {
      const call = await this.request("POST", "/call/web", body);
      if (!call || typeof call.webCallUrl !== "string" || !call.webCallUrl) {
        throw new AssistantApiError(200, "The web call answer has no webCallUrl", call);
      }
      return call as WebCall;
    },
  };

  readonly credentials = {
    create: (body: JsonObject) => this.request("POST", "/credential", body),
    list: (query?: Query) => this.request<JsonObject[]>("GET", "/credential", undefined, query),
    get: (id: string) => this.request("GET", `/credential/${encodeURIComponent(id)}`),
    update: (id: string, body: JsonObject) => this.request("PUT", `/credential/${encodeURIComponent(id)}`, body),
    delete: (id: string) => this.request("DELETE", `/credential/${encodeURIComponent(id)}`),
  };

  readonly phoneNumbers = {
    buy: (body: JsonObject) => this.request("POST", "/phone-number/buy", body),
    importTwilio: (body: JsonObject) => this.request("POST", "/phone-number/import/twilio", body),
    importVonage: (body: JsonObject) => this.request("POST", "/phone-number/import/vonage", body),
    list: (query?: Query) => this.request<JsonObject[]>("GET", "/phone-number", undefined, query),
    get: (id: string) => this.request("GET", `/phone-number/${encodeURIComponent(id)}`),
    update: (id: string, body: JsonObject) => this.request("PATCH", `/phone-number/${encodeURIComponent(id)}`, body),
    delete: (id: string) => this.request("DELETE", `/phone-number/${encodeURIComponent(id)}`),
  };

  metrics(query?: Query): Promise<JsonObject> {
    return this.request("GET", "/metrics", undefined, query);
  }
}
