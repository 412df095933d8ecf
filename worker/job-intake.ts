import { type Context, Hono } from "hono";
import type { AppEnv } from "./app-env.ts";
import { sessionKey } from "./auth/sessions.ts";
import { requireTool, type Tool } from "./auth/tool-gate.ts";
import { handleError } from "./errors.ts";

/**
 * A job is started where it will run. The Worker hands the request, its body still streaming, to
 * the job's Durable Object, which runs the gate (session, plan and allowance in one D1 batch), reads
 * and stores the recording, and starts itself before it answers. From the visitor's data centre that
 * is one round trip, to the object, instead of D1, then R2 or D1 again, then the object: the
 * object's own calls are short hops when it runs in the region of D1 and R2. Nothing reaches R2 or a
 * provider before the gate has let the request through, and the answer still waits for the
 * recording to be stored, so a failed upload is never a late error.
 */

/** How the Worker tells the object which job it is (set by the Worker; objects are not reachable from outside). */
const JOB_ID_HEADER = "x-vox-job";

/** Something a job can be started on: a namespace of job objects. */
interface Jobs {
  getByName(name: string): { fetch(request: Request): Promise<Response> };
}

/**
 * Worker side: a request without a bearer token is refused here (401, no remote call, no object
 * made); anything else goes to a new job's object, whose answer is passed on as it is.
 */
export async function handToJob(c: Context<AppEnv>, jobs: Jobs): Promise<Response> {
  await sessionKey(c);
  const id = crypto.randomUUID();
  const headers = new Headers(c.req.raw.headers);
  headers.set(JOB_ID_HEADER, id);
  const upload = c.req.raw.body;
  if (!upload) return passOn(await jobs.getByName(id).fetch(new Request(c.req.url, { method: "POST", headers })));
  // The body streams through a pipe this Worker holds, so that when the object answers without
  // reading all of it (a refusal), the rest is dropped here, not read after the answer has gone out
  // (which the runtime refuses). A declared length is kept, so the object can refuse a body too
  // large before reading it.
  const declared = Number(c.req.header("content-length"));
  const known = Number.isSafeInteger(declared) && declared > 0;
  if (!known) headers.delete("content-length");
  const { readable, writable } = known
    ? new FixedLengthStream(declared)
    : new TransformStream<Uint8Array, Uint8Array>();
  const stop = new AbortController();
  const piped = upload.pipeTo(writable, { signal: stop.signal }).catch(() => undefined);
  try {
    return passOn(await jobs.getByName(id).fetch(new Request(c.req.url, { method: "POST", headers, body: readable })));
  } finally {
    stop.abort();
    await piped;
  }
}

/** A fetched answer's headers are immutable; CORS and the security headers are added after this. */
const passOn = (answer: Response) => new Response(answer.body, answer);

/** Object side: the job's id, as the Worker chose it. */
export function jobIdOf(c: Context<AppEnv>): string {
  const id = c.req.header(JOB_ID_HEADER);
  if (!id) throw new Error("A job was asked to start without its id");
  return id;
}

/**
 * Object side: the app an object answers a handed-over request with, behind the same gate and with
 * the same error answers as the Worker's routes.
 */
export function jobIntake(tool: Tool, start: (c: Context<AppEnv>) => Promise<Response>): Hono<AppEnv> {
  const intake = new Hono<AppEnv>();
  intake.post("*", requireTool(tool), start);
  intake.onError(handleError);
  return intake;
}
