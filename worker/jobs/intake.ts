import { type Context, Hono } from "hono";
import { z } from "zod";
import { sessionKey } from "../accounts/sessions.ts";
import type { AppEnv } from "../app-env.ts";
import { planLimits, storageQuotaBytes } from "../billing/contracts/plans.ts";
import { giveBackRefusedCalls, requireTool } from "../billing/tool-gate.ts";
import { JOB_ROUTERS, pathOf } from "../contracts/api-paths.ts";
import type { LanguageTool } from "../contracts/language-support.ts";
import type { Language } from "../contracts/languages.ts";
import { ApiError, handleError } from "../core/errors.ts";
import { analysisUpload, readUpload } from "../core/read-upload.ts";
import { formatBytes } from "../recordings/contracts/media.ts";
import { displayName } from "../recordings/uploads/display-name.ts";
import { readUploadId, sendsUploadId } from "../recordings/uploads/json-body.ts";
import { requireRoute } from "../routing.ts";
import { JOB_KINDS, type JobKind } from "./contracts/jobs.ts";
import { jobFromRecording } from "./from-recording.ts";
import { JOB_KIND_CONFIG } from "./kinds.ts";
import { startJob } from "./lifecycle.ts";
import type { JobParams } from "./pipeline.ts";
import { insertJobWithinQuota, jobExists, setJobStatus } from "./store.ts";
import { requireTranscribable } from "./transcribable.ts";

/**
 * A job is started where its intake is fastest. The Worker hands the request, its body still
 * streaming, to a `JobIntake` Durable Object, which runs the gate (session, plan and allowance in
 * one D1 batch), reads and stores the recording, and starts the job before it answers. From the
 * visitor's data centre that is one round trip, to the object, instead of D1, then R2 or D1 again:
 * the object's own calls are short hops when it runs in the region of D1 and R2. Nothing reaches R2
 * or a provider before the gate has let the request through, and the answer still waits for the
 * recording to be stored, so a failed upload is never a late error.
 */

/** How the Worker tells the object which job it is (objects are not reachable from outside). */
const HANDOVER_HEADER = "x-vox-job";
const handOverSchema = z.object({ id: z.uuid(), kind: z.enum(JOB_KINDS) });
type HandOver = z.infer<typeof handOverSchema>;

/**
 * Worker side: a request without a bearer token is refused here (401, no remote call, no object
 * made); anything else goes to a new job's intake object, whose answer is passed on as it is.
 */
export async function handToJob(c: Context<AppEnv>, kind: JobKind): Promise<Response> {
  await sessionKey(c);
  const handOver: HandOver = { id: crypto.randomUUID(), kind };
  const headers = new Headers(c.req.raw.headers);
  headers.set(HANDOVER_HEADER, JSON.stringify(handOver));
  const intake = c.env.JOB_INTAKE.getByName(handOver.id);
  const upload = c.req.raw.body;
  if (!upload) return passOn(await intake.fetch(new Request(c.req.url, { method: "POST", headers })));
  // A declared length is kept, so the object can refuse a body too large before reading it.
  const declared = Number(c.req.header("content-length"));
  const known = Number.isSafeInteger(declared) && declared > 0;
  if (!known) headers.delete("content-length");
  const { readable, writable } = known
    ? new FixedLengthStream(declared)
    : new TransformStream<Uint8Array, Uint8Array>();
  const relay = relayBody(upload, writable);
  try {
    const answer = await intake.fetch(new Request(c.req.url, { method: "POST", headers, body: readable }));
    // Read whole (it is a short JSON answer) while the object's side of the pipe is still open.
    return new Response(await answer.arrayBuffer(), answer);
  } finally {
    await relay.finish();
  }
}

/**
 * Forwards the client's body to the object until the object has answered, then reads and drops
 * whatever the client still sends, and only then lets the answer go. A client that is still
 * sending when a refusal goes out would otherwise have its connection closed under it and see a
 * reset instead of the 401, 409 or 413 (a route that never touches its body gets this from the
 * runtime; one that has started reading must finish the read itself, and the runtime refuses
 * reads once the answer has gone). Chunks are moved by hand rather than with `pipeTo`, whose abort
 * cancels the client's body.
 */
function relayBody(body: ReadableStream<Uint8Array>, into: WritableStream<Uint8Array>): { finish(): Promise<void> } {
  const reader = body.getReader();
  const writer = into.getWriter();
  let forwarding = true;
  const stopForwarding = () => {
    forwarding = false;
  };
  const moved = (async () => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (forwarding) await writer.write(chunk.value).catch(stopForwarding);
    }
    if (forwarding) await writer.close().catch(stopForwarding);
  })().catch((error: unknown) => writer.abort(error).catch(() => undefined));
  return {
    async finish() {
      stopForwarding();
      await writer.abort().catch(() => undefined);
      await moved;
    },
  };
}

/** A fetched answer's headers are immutable; CORS and the security headers are added after this. */
const passOn = (answer: Response) => new Response(answer.body, answer);

function handOverOf(c: Context<AppEnv>): HandOver {
  const parsed = handOverSchema.safeParse(JSON.parse(c.req.header(HANDOVER_HEADER) ?? "null"));
  if (!parsed.success) throw new Error("A job was handed over without a valid id and kind");
  return parsed.data;
}

/**
 * Object side: the app the intake object answers a handed-over request with, behind the kind's
 * gate and with the same error answers as the Worker's routes. A finished resumable upload (JSON
 * `{upload_id}`) is the job's recording, shared with any other job using it; a kind that takes a small file stores it in R2.
 */
export const jobIntake = new Hono<AppEnv>();
jobIntake.use("*", giveBackRefusedCalls);

jobIntake.post(
  "*",
  (c, next) => requireTool(JOB_KIND_CONFIG[handOverOf(c).kind].tool)(c, next),
  async (c) => {
    const { id, kind } = handOverOf(c);
    const origin = new URL(c.req.url).origin;
    const tool = JOB_KIND_CONFIG[kind].tool;
    let params: JobParams;
    if (sendsUploadId(c)) {
      const body = await readUploadId(c);
      const options = { language: requireRoute(tool, body.language).language, alsoInLanguage: !!body.also_in_language };
      const recording = await jobFromRecording(
        c.env.DB,
        { id, kind, origin, created_by: c.var.user.id, ...options },
        body.upload_id,
        c.var.account.id,
      );
      params = { kind, id, origin, ...recording, ...options, byUrl: true, startedAt: Date.now() };
    } else {
      const { r2Key, contentType, options } = await storeRecording(c, id, kind);
      params = { kind, id, origin, r2Key, contentType, ...options, byUrl: false, startedAt: Date.now() };
    }
    await orMarkFailed(c, id, () => startJob(c.env, params));
    c.header("location", pathOf(JOB_ROUTERS[kind].path.job, { id }));
    return c.json({ id, status: "queued" as const }, 202);
  },
);
jobIntake.onError(handleError);

/**
 * The quota row first, then the file: an upload refused for the quota never reaches R2. Both are
 * short hops from the object, so doing them one after the other costs little.
 */
async function storeRecording(
  c: Context<AppEnv>,
  id: string,
  kind: JobKind,
): Promise<{ r2Key: string; contentType: string; options: JobOptions }> {
  const { tool, file: takesFile } = JOB_KIND_CONFIG[kind];
  if (!takesFile) {
    throw new ApiError(415, "unsupported_media_type", "Send the id of a finished upload as JSON {upload_id}.");
  }
  const { file, form } = await readUpload(c, analysisUpload(takesFile.maxBytes, takesFile.missing));
  const options = formOptions(tool, form);
  requireTranscribable(options.language, file);
  const r2Key = `${takesFile.keyPrefix}${id}`;
  const quota = storageQuotaBytes(planLimits(c.var.account.plan));
  const job = {
    id,
    user_id: c.var.account.id,
    created_by: c.var.user.id,
    kind,
    file_name: displayName(file.name),
    content_type: file.type,
    bytes: file.size,
    r2_key: r2Key,
    origin: new URL(c.req.url).origin,
    ...options,
  };
  if (!(await insertJobWithinQuota(c.env.DB, job, quota))) {
    throw new ApiError(
      402,
      "storage_quota_exceeded",
      `This upload would take you past your plan's ${formatBytes(quota ?? 0)} of storage. Delete old recordings or upgrade your plan.`,
    );
  }
  await orMarkFailed(c, id, () => c.env.AUDIO.put(r2Key, file, { httpMetadata: { contentType: file.type } }));
  // Deleting the job or erasing the account takes the row before R2: a file stored after that is not left behind.
  if (!(await jobExists(c.env.DB, id))) {
    await c.env.AUDIO.delete(r2Key);
    throw new ApiError(404, "not_found", "This job was deleted while its recording was being stored.");
  }
  return { r2Key, contentType: file.type, options };
}

interface JobOptions {
  readonly language: Language;
  readonly alsoInLanguage: boolean;
}

/** A form's `language` (checked against the routing table) and `also_in_language` (`true` or `false`). */
function formOptions(tool: LanguageTool, form: FormData): JobOptions {
  const { language } = requireRoute(tool, form.get("language"));
  const also = form.get("also_in_language");
  if (also !== null && also !== "true" && also !== "false") {
    const message = "also_in_language is true or false";
    throw new ApiError(400, "validation_failed", message, { also_in_language: [message] });
  }
  return { language, alsoInLanguage: also === "true" };
}

/** A job whose recording could not be stored, or that could not start, shows `error` in the list. */
async function orMarkFailed(c: Context<AppEnv>, id: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    await setJobStatus(c.env.DB, id, { status: "error", error: "The upload could not be stored. Please try again." });
    throw error;
  }
}
