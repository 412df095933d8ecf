import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import type { Provider, ProviderEndpoint } from "../core/config.ts";
import type { RemoteTarget, Trace, TracedCall } from "./critical-path.ts";

/**
 * Bench instrumentation: with `x-vox-trace: 1` on a request to a sandboxed Worker, every binding
 * call (D1, R2, Durable Object stubs, the edge cache) and every provider call the request makes is
 * recorded on a logical clock, and the answer carries the calls made before it in the
 * `x-vox-trace` header. It cannot be switched on elsewhere: the sandbox only runs locally
 * (`loadConfig` refuses it in production), and without the request header nothing is wrapped.
 */
export const TRACE_HEADER = "x-vox-trace";

class Recorder {
  private clock = 0;
  private readonly calls: TracedCall[] = [];

  async record<T>(target: RemoteTarget, op: string, run: () => Promise<T>): Promise<T> {
    const start = ++this.clock;
    try {
      return await run();
    } finally {
      this.calls.push({ target, op, start, end: ++this.clock });
    }
  }

  answer(): Trace {
    return { calls: [...this.calls], answeredAt: ++this.clock };
  }
}

type AnyFunction = (...args: unknown[]) => unknown;

/** Wraps the named methods of `target` so each call is recorded; everything else passes through. */
function tracedMethods<T extends object>(
  target: T,
  methods: readonly string[],
  record: (name: string, run: () => Promise<unknown>) => Promise<unknown>,
  wrapResult: (name: string, result: unknown) => unknown = (_name, result) => result,
): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (typeof value !== "function") return value;
      const name = String(property);
      if (methods.includes(name)) {
        return (...args: unknown[]) => record(name, async () => Reflect.apply(value as AnyFunction, object, args));
      }
      return (...args: unknown[]) => wrapResult(name, Reflect.apply(value as AnyFunction, object, args));
    },
  });
}

/** D1 statements are built locally; only running them (or a batch of them) goes to the database. */
function tracedD1<T extends D1Database | D1DatabaseSession>(db: T, recorder: Recorder): T {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const statement = (real: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = tracedMethods(
      real,
      ["first", "run", "all", "raw"],
      (name, run) => recorder.record("d1", name, run),
      (name, result) => (name === "bind" ? statement(result as D1PreparedStatement) : result),
    );
    originals.set(wrapped, real);
    return wrapped;
  };
  return new Proxy(db, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (property === "prepare") return (sql: string) => statement(object.prepare(sql));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          recorder.record("d1", `batch(${statements.length})`, () =>
            object.batch(statements.map((s) => originals.get(s) ?? s)),
          );
      }
      if (property === "withSession" && "withSession" in object) {
        return (constraint?: string) => tracedD1(object.withSession(constraint), recorder);
      }
      return typeof value === "function" ? (value as AnyFunction).bind(object) : value;
    },
  });
}

function tracedNamespace(binding: string, namespace: DurableObjectNamespace, recorder: Recorder) {
  const stub = (real: DurableObjectStub) =>
    new Proxy(real, {
      get(object, property) {
        const value = Reflect.get(object, property) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) =>
          recorder.record("durable-object", `${binding}.${String(property)}`, async () =>
            Reflect.apply(value as AnyFunction, object, args),
          );
      },
    });
  return new Proxy(namespace, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (typeof value !== "function") return value;
      if (property === "get" || property === "getByName") {
        return (...args: unknown[]) => stub(Reflect.apply(value as AnyFunction, object, args) as DurableObjectStub);
      }
      return (value as AnyFunction).bind(object);
    },
  });
}

const isD1 = (value: object): value is D1Database => "prepare" in value && "batch" in value;
const isR2 = (value: object): value is R2Bucket => "head" in value && "createMultipartUpload" in value;
const isNamespace = (value: object): value is DurableObjectNamespace => "idFromName" in value;

function tracedEnv(env: Env, recorder: Recorder): Env {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(env, {
    get(object, property) {
      const value = Reflect.get(object, property) as unknown;
      if (typeof value !== "object" || value === null) return value;
      if (!wrapped.has(property)) {
        const binding = String(property);
        if (isD1(value)) wrapped.set(property, tracedD1(value, recorder));
        else if (isR2(value))
          wrapped.set(
            property,
            tracedMethods(value, ["get", "put", "head", "delete", "list"], (name, run) =>
              recorder.record("r2", name, run),
            ),
          );
        else if (isNamespace(value)) wrapped.set(property, tracedNamespace(binding, value, recorder));
        else wrapped.set(property, value);
      }
      return wrapped.get(property);
    },
  });
}

function tracedEndpoint(provider: Provider, endpoint: ProviderEndpoint, recorder: Recorder): ProviderEndpoint {
  return {
    ...endpoint,
    fetch: (request) =>
      recorder.record(`provider:${provider}`, `${request.method} ${new URL(request.url).pathname}`, () =>
        endpoint.fetch(request),
      ),
  };
}

export const remoteTrace = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.config.sandbox || c.req.header(TRACE_HEADER) !== "1") return next();
  const recorder = new Recorder();
  c.env = tracedEnv(c.env, recorder);
  const provider = c.var.provider;
  c.set("provider", (name) => tracedEndpoint(name, provider(name), recorder));
  const cache = c.var.edgeCache;
  c.set(
    "edgeCache",
    tracedMethods(cache, ["match", "put", "delete"], (name, run) => recorder.record("edge-cache", name, run)),
  );
  await next();
  const trace = JSON.stringify(recorder.answer());
  try {
    c.res.headers.set(TRACE_HEADER, trace);
  } catch {
    // Responses passed through unchanged from another fetch have immutable headers.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(TRACE_HEADER, trace);
  }
});
