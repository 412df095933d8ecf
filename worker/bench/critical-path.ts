/**
 * What a traced request reveals about its path through the platform, and what that path would
 * cost from a real data centre. Pure functions: `npm run bench` and the Worker tests both read a
 * trace with them. Locally every binding answers in-process, so only the order of the calls is
 * real; the time each would take comes from the latency model.
 */

/** Where a call goes. `edge-cache` is the Cache API of the data centre the Worker runs in. */
export type RemoteTarget = "d1" | "r2" | "durable-object" | "edge-cache" | `provider:${string}`;

export interface TracedCall {
  readonly target: RemoteTarget;
  /** e.g. `RATE_LIMITER.hit`, `get`, `batch(2)`, `POST /v1/text-to-speech/…` */
  readonly op: string;
  /** Logical clock ticks: a call that started after another ended waited for it. */
  readonly start: number;
  readonly end: number;
}

export interface Trace {
  readonly calls: readonly TracedCall[];
  /** The tick at which the Worker handed its answer (headers, then the body) to the visitor. */
  readonly answeredAt: number;
}

/** Round-trip milliseconds from the visitor's data centre to each kind of target. */
type LatencyModel = Readonly<Record<string, number>>;

/**
 * Round trips from a Lagos data centre (LOS). D1's primary, the R2 bucket and the Durable Objects
 * live in one region, Western Europe for this deployment; the speech, analysis and voice providers
 * are in the eastern United States; Paystack serves from West Africa. docs/performance.md explains
 * each figure; `BENCH_RTT_<TARGET>` overrides one (e.g. `BENCH_RTT_D1=150`).
 */
const LAGOS_LATENCY_MODEL: LatencyModel = {
  d1: 120,
  r2: 120,
  "durable-object": 110,
  "edge-cache": 2,
  "provider:elevenlabs": 170,
  "provider:deepgram": 170,
  "provider:assemblyai": 170,
  "provider:assemblyai-llm": 170,
  "provider:hume": 170,
  "provider:mail": 170,
  "provider:paystack": 40,
};

/** The model with any `BENCH_RTT_<TARGET>` override from `env` applied. */
export function latencyModel(env: Record<string, string | undefined>): LatencyModel {
  const model: Record<string, number> = { ...LAGOS_LATENCY_MODEL };
  for (const target of Object.keys(model)) {
    const override =
      env[
        `BENCH_RTT_${target
          .replace(/^provider:/, "")
          .replace(/-/g, "_")
          .toUpperCase()}`
      ];
    if (override === undefined) continue;
    const value = Number(override);
    if (!Number.isFinite(value) || value < 0) throw new Error(`BENCH_RTT for ${target} must be a number of ms`);
    model[target] = value;
  }
  return model;
}

const isProvider = (call: TracedCall) => call.target.startsWith("provider:");
/** Calls that leave the visitor's data centre (the edge cache does not). */
const isRemote = (call: TracedCall) => call.target !== "edge-cache";

/**
 * The heaviest chain of calls in which each started only after the previous one ended, by
 * `weight`. Calls that overlap ran side by side and never share a chain.
 */
function heaviestChain(calls: readonly TracedCall[], weight: (call: TracedCall) => number): number {
  const ordered = [...calls].sort((a, b) => a.end - b.end);
  const best: number[] = [];
  ordered.forEach((call, index) => {
    let before = 0;
    for (let i = 0; i < index; i++) {
      const earlier = ordered[i] as TracedCall;
      if (earlier.end < call.start) before = Math.max(before, best[i] ?? 0);
    }
    best.push(before + weight(call));
  });
  return Math.max(0, ...best);
}

interface PathSummary {
  /** Remote round trips made one after another before the provider call, or before answering. */
  readonly sequentialBeforeFirstByte: number;
  /** The provider calls on the way to the first byte (a cache hit has none). */
  readonly providerCalls: number;
  /** Modelled milliseconds the visitor waits beyond the loopback figure. */
  readonly modelledDelayMs: number;
  /** Every call before the answer, in the order they started. */
  readonly calls: readonly TracedCall[];
}

export function summarise(trace: Trace, model: LatencyModel = LAGOS_LATENCY_MODEL): PathSummary {
  const beforeAnswer = trace.calls.filter((call) => call.start < trace.answeredAt);
  // The provider call whose answer the visitor waits for starts last (a voice list may come first).
  const providerStarts = beforeAnswer.filter(isProvider).map((call) => call.start);
  const lastProvider = providerStarts.length ? Math.max(...providerStarts) : Number.POSITIVE_INFINITY;
  const beforeProvider = beforeAnswer.filter((call) => isRemote(call) && !isProvider(call) && call.end < lastProvider);
  return {
    sequentialBeforeFirstByte: heaviestChain(beforeProvider, () => 1),
    providerCalls: beforeAnswer.filter(isProvider).length,
    modelledDelayMs: heaviestChain(
      beforeAnswer,
      (call) => model[call.target] ?? model[call.target.split(":")[0] ?? ""] ?? 0,
    ),
    calls: [...beforeAnswer].sort((a, b) => a.start - b.start),
  };
}

/** A compact, readable path: `d1 → [r2 + edge-cache] → provider:elevenlabs`. */
export function describePath(trace: Trace): string {
  const beforeAnswer = [...trace.calls]
    .filter((call) => call.start < trace.answeredAt)
    .sort((a, b) => a.start - b.start);
  const steps: TracedCall[][] = [];
  for (const call of beforeAnswer) {
    const step = steps.at(-1);
    if (step?.some((other) => other.end > call.start)) step.push(call);
    else steps.push([call]);
  }
  return (
    steps
      .map((step) => (step.length > 1 ? `[${step.map((c) => c.target).join(" + ")}]` : step[0]?.target))
      .join(" → ") || "(none)"
  );
}
