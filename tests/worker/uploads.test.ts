import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "../../worker/recordings/contracts/upload-constants.ts";
import { sweepExpiredUploads } from "../../worker/recordings/uploads/expiry.ts";
import { PART_SIZE } from "../../worker/recordings/uploads/upload-routes.ts";
import { call, registerAndSignIn } from "./helpers.ts";

const TUS = { "tus-resumable": "1.0.0" };
const b64 = (text: string) => btoa(text);
const metadata = (filename = "briefing.mp3", filetype = "audio/mpeg") =>
  `filename ${b64(filename)},filetype ${b64(filetype)}`;

function create(token: string | undefined, length: number, headers: Record<string, string> = {}) {
  return call("/api/uploads", {
    method: "POST",
    headers: {
      ...TUS,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "upload-length": String(length),
      "upload-metadata": metadata(),
      ...headers,
    },
  });
}

async function created(token: string, length: number): Promise<string> {
  const response = await create(token, length);
  expect(response.status).toBe(201);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
  return location;
}

function patch(token: string, location: string, offset: number, body: BodyInit, headers: Record<string, string> = {}) {
  return call(location, {
    method: "PATCH",
    headers: {
      ...TUS,
      authorization: `Bearer ${token}`,
      "content-type": "application/offset+octet-stream",
      "upload-offset": String(offset),
      ...headers,
    },
    body,
  });
}

const head = (token: string, location: string, headers: Record<string, string> = TUS) =>
  call(location, { method: "HEAD", headers: { ...headers, authorization: `Bearer ${token}` } });

/** Deterministic bytes, so a stored object can be compared with what was sent. */
function bytes(length: number, seed = 7): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out[i] = state >>> 24;
  }
  return out;
}

const idOf = (location: string) => location.split("/").pop() ?? "";

async function storedObject(location: string): Promise<Uint8Array | null> {
  const object = await env.AUDIO.get(`uploads/${idOf(location)}`);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

describe("tus uploads", { timeout: 60_000 }, () => {
  it("answers discovery with the version, extensions and maximum size", async () => {
    const response = await call("/api/uploads", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("tus-version")).toBe("1.0.0");
    expect(response.headers.get("tus-extension")).toBe("creation,termination,expiration");
    expect(response.headers.get("tus-max-size")).toBe(String(UPLOAD_MAX_BYTES));
  });

  it("creates an upload: 201 with Location and Upload-Expires; HEAD gives offset and length", async () => {
    const { token } = await registerAndSignIn();
    const response = await create(token, 1234);
    expect(response.status).toBe(201);
    expect(response.headers.get("tus-resumable")).toBe("1.0.0");
    expect(Date.parse(response.headers.get("upload-expires") ?? "")).toBeGreaterThan(Date.now());
    const location = response.headers.get("location") ?? "";
    const status = await head(token, location);
    expect(status.status).toBe(200);
    expect(status.headers.get("upload-offset")).toBe("0");
    expect(status.headers.get("upload-length")).toBe("1234");
    expect(status.headers.get("cache-control")).toBe("no-store");
    expect(status.headers.get("upload-metadata")).toBe(metadata());
  });

  it("refuses a wrong Tus-Resumable (412 with Tus-Version), no session, bad sizes and non-media types", async () => {
    const { token } = await registerAndSignIn();
    const wrongVersion = await create(token, 10, { "tus-resumable": "0.2.2" });
    expect(wrongVersion.status).toBe(412);
    expect(wrongVersion.headers.get("tus-version")).toBe("1.0.0");
    expect(await wrongVersion.json()).toMatchObject({ code: "tus_version_unsupported" });
    expect((await create(undefined, 10)).status).toBe(401);
    expect((await create(token, UPLOAD_MAX_BYTES + 1)).status).toBe(413);
    expect((await create(token, 0)).status).toBe(400);
    expect((await create(token, 10, { "upload-length": "ten" })).status).toBe(400);
    expect((await create(token, 10, { "upload-metadata": metadata("notes.pdf", "application/pdf") })).status).toBe(415);
    expect((await create(token, 10, { "upload-metadata": `filename ${b64("a.mp3")}` })).status).toBe(415);
    expect((await create(token, 10, { "upload-metadata": "filename not base64!,filetype" })).status).toBe(400);
    const location = await created(token, 10);
    expect((await head(token, location, { "tus-resumable": "2.0.0" })).status).toBe(412);
  });

  it("refuses at creation a filetype that is not a plain type/subtype (400 naming filetype)", async () => {
    const { token } = await registerAndSignIn();
    const utf8Base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
    for (const filetype of [
      "audio/x\r\nx-injected: 1",
      "audio/mpeg\u0000",
      "audio/mpeg; codecs=mp3",
      "audio /mpeg",
      "audio/mpeg\u202e",
      "audio/",
    ]) {
      const response = await create(token, 10, { "upload-metadata": `filetype ${utf8Base64(filetype)}` });
      expect(response.status, JSON.stringify(filetype)).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "validation_failed",
        message: expect.stringContaining("audio/mpeg"),
        errors: { filetype: [expect.any(String)] },
      });
    }
    expect((await create(token, 10, { "upload-metadata": metadata("take.wav", "audio/wav") })).status).toBe(201);
  });

  it("creates uploads only behind the tools' gate: 409 for an unverified account, 402 once the trial has ended", async () => {
    const uploadsOf = (userId: string) =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM uploads WHERE user_id = ?").bind(userId).first<number>("n");
    const unverified = await registerAndSignIn({}, { verified: false });
    const refused = await create(unverified.token, 2 * 1024 ** 3);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "email_unverified", message: expect.any(String) });
    expect(await uploadsOf(unverified.user.id)).toBe(0);

    const lapsed = await registerAndSignIn();
    await env.DB.prepare("UPDATE users SET trial_ends_at = ? WHERE id = ?")
      .bind("2020-01-01T00:00:00.000Z", lapsed.user.id)
      .run();
    const ended = await create(lapsed.token, 1000);
    expect(ended.status).toBe(402);
    expect(await ended.json()).toMatchObject({ code: "payment_required" });
    expect(await uploadsOf(lapsed.user.id)).toBe(0);
  });

  it("counts the plan's storage quota at creation (402 past it)", async () => {
    const { token, user } = await registerAndSignIn();
    const first = await created(token, 1000);
    await env.DB.prepare("UPDATE uploads SET length = ? WHERE id = ?")
      .bind(20 * 1024 ** 3 - 500, idOf(first))
      .run();
    const over = await create(token, 1000);
    expect(over.status).toBe(402);
    expect(await over.json()).toMatchObject({ code: "storage_quota_exceeded" });
    expect((await create(token, 400)).status).toBe(201);
    await env.DB.prepare("UPDATE users SET plan = 'enterprise', subscription_expires_at = ? WHERE id = ?")
      .bind("2999-01-01T00:00:00.000Z", user.id)
      .run();
    expect((await create(token, 1000)).status).toBe(201);
  });

  it("refuses a PATCH of the wrong type (415), at the wrong offset (409) or beyond the length (413)", async () => {
    const { token } = await registerAndSignIn();
    const location = await created(token, 10);
    expect((await patch(token, location, 0, "abc", { "content-type": "application/octet-stream" })).status).toBe(415);
    expect((await patch(token, location, 3, "abc")).status).toBe(409);
    expect((await patch(token, location, 0, "abcdefghijk")).status).toBe(413);
    expect((await patch(token, location, 0, "abc", { "tus-resumable": "1.1.0" })).status).toBe(412);
    const ok = await patch(token, location, 0, "abc");
    expect(ok.status).toBe(204);
    expect(ok.headers.get("upload-offset")).toBe("3");
    expect(ok.headers.get("tus-resumable")).toBe("1.0.0");
    expect(Date.parse(ok.headers.get("upload-expires") ?? "")).toBeGreaterThan(Date.now());
    expect((await patch(token, location, 0, "abc")).status).toBe(409);
    expect((await head(token, location)).headers.get("upload-offset")).toBe("3");
  });

  it("assembles the file exactly from PATCHes that end anywhere, across part boundaries", async () => {
    const { token } = await registerAndSignIn();
    const data = bytes(2 * PART_SIZE + 12_345);
    const location = await created(token, data.length);
    const cuts = [0, 1, 3, PART_SIZE - 2, PART_SIZE + 7, 2 * PART_SIZE, 2 * PART_SIZE + 1, data.length];
    for (let i = 0; i < cuts.length - 1; i++) {
      const [from, to] = [cuts[i] ?? 0, cuts[i + 1] ?? 0];
      const response = await patch(token, location, from, data.slice(from, to));
      expect(response.status).toBe(204);
      expect(response.headers.get("upload-offset")).toBe(String(to));
      expect((await head(token, location)).headers.get("upload-offset")).toBe(String(to));
    }
    expect(await storedObject(location)).toEqual(data);
    expect(await env.AUDIO.head(`uploads/${idOf(location)}.tail`)).toBeNull();
  });

  it("keeps every whole part of a PATCH cut mid-way, and the upload resumes from there", async () => {
    const { token } = await registerAndSignIn();
    const data = bytes(3 * PART_SIZE + 99, 11);
    const location = await created(token, data.length);
    const sentBeforeCut = PART_SIZE * 2 + 4096;
    let sent = 0;
    const cutBody = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= sentBeforeCut) {
          controller.error(new Error("connection lost"));
          return;
        }
        const chunk = data.slice(sent, Math.min(sent + 65_536, sentBeforeCut));
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    await patch(token, location, 0, cutBody).catch(() => undefined);
    const offset = Number((await head(token, location)).headers.get("upload-offset"));
    expect(offset).toBeGreaterThanOrEqual(2 * PART_SIZE);
    expect(offset).toBeLessThanOrEqual(sentBeforeCut);
    expect(sentBeforeCut - offset).toBeLessThan(PART_SIZE);
    const rest = await patch(token, location, offset, data.slice(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(data.length));
    expect(await storedObject(location)).toEqual(data);
  });

  it("lets one PATCH write at a time: a second one meanwhile gets 423, and may go on once the first ends", async () => {
    const { token } = await registerAndSignIn();
    const data = bytes(3000);
    const location = await created(token, data.length);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = false;
    const slow = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(data.slice(0, 1000));
          return;
        }
        await gate;
        controller.close();
      },
    });
    const first = patch(token, location, 0, slow);
    const locked = () =>
      env.DB.prepare("SELECT lock_token FROM uploads WHERE id = ?").bind(idOf(location)).first<string>("lock_token");
    await expect.poll(locked, { timeout: 10_000 }).not.toBeNull();
    const second = await patch(token, location, 0, data.slice(0, 1000));
    expect(second.status).toBe(423);
    expect(second.headers.get("tus-resumable")).toBe("1.0.0");
    release();
    const done = await first;
    expect(done.status).toBe(204);
    expect(done.headers.get("upload-offset")).toBe("1000");
    expect(await locked()).toBeNull();
    const rest = await patch(token, location, 1000, data.slice(1000));
    expect(rest.headers.get("upload-offset")).toBe("3000");
    expect((await patch(token, location, 3000, new Uint8Array(0))).status).toBe(204);
    expect(await storedObject(location)).toEqual(data);
  });

  describe("an upload deleted while a PATCH is still streaming", () => {
    /** A body that sends `first` bytes, then waits until `release()` to send `then` more and end. */
    function heldBody(data: Uint8Array, first: number, then: number) {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent === first) await held;
          const end = sent < first ? first : first + then;
          if (sent >= end) return controller.close();
          const chunk = data.slice(sent, Math.min(sent + 65_536, end));
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      return { body, release };
    }

    const objectsOf = async (location: string) =>
      (await env.AUDIO.list({ prefix: `uploads/${idOf(location)}` })).objects.map((object) => object.key);
    const storedOffset = (location: string) =>
      env.DB.prepare("SELECT offset FROM uploads WHERE id = ?").bind(idOf(location)).first<number>("offset");
    const lockedBy = (location: string) =>
      env.DB.prepare("SELECT lock_token FROM uploads WHERE id = ?").bind(idOf(location)).first<string>("lock_token");

    it("between two parts: the PATCH answers 410 upload_gone, not 500, and R2 keeps nothing", async () => {
      const { token } = await registerAndSignIn();
      const data = bytes(3 * PART_SIZE, 5);
      const location = await created(token, data.length);
      const { body, release } = heldBody(data, PART_SIZE + 1000, PART_SIZE + 1000);
      const writing = patch(token, location, 0, body);
      await expect.poll(() => storedOffset(location), { timeout: 20_000 }).toBe(PART_SIZE);
      const deleted = await call(location, { method: "DELETE", headers: { ...TUS, authorization: `Bearer ${token}` } });
      expect(deleted.status).toBe(204);
      release();
      const answer = await writing;
      expect(answer.status).toBe(410);
      expect(await answer.json()).toMatchObject({ code: "upload_gone" });
      expect(await objectsOf(location)).toEqual([]);
    });

    it("before its trailing bytes are kept: the PATCH answers 410 upload_gone and no .tail is left", async () => {
      const { token } = await registerAndSignIn();
      const data = bytes(4000, 6);
      const location = await created(token, data.length);
      const { body, release } = heldBody(data, 1000, 1000);
      const writing = patch(token, location, 0, body);
      await expect.poll(() => lockedBy(location), { timeout: 10_000 }).not.toBeNull();
      const deleted = await call(location, { method: "DELETE", headers: { ...TUS, authorization: `Bearer ${token}` } });
      expect(deleted.status).toBe(204);
      release();
      const answer = await writing;
      expect(answer.status).toBe(410);
      expect(await answer.json()).toMatchObject({ code: "upload_gone" });
      expect(await objectsOf(location)).toEqual([]);
    });

    it("when the account is erased meanwhile: nothing of the upload is left in R2", async () => {
      const { api, input, token } = await registerAndSignIn();
      const data = bytes(PART_SIZE + 4000, 8);
      const location = await created(token, data.length);
      const { body, release } = heldBody(data, 1000, PART_SIZE);
      const writing = patch(token, location, 0, body);
      await expect.poll(() => lockedBy(location), { timeout: 10_000 }).not.toBeNull();
      expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
      release();
      expect((await writing).status).toBeGreaterThanOrEqual(400);
      expect((await writing).status).toBeLessThan(500);
      expect(await objectsOf(location)).toEqual([]);
    });
  });

  it("keeps each upload private to its owner: others get 404 for HEAD, PATCH and DELETE", async () => {
    const owner = await registerAndSignIn();
    const location = await created(owner.token, 10);
    const other = await registerAndSignIn();
    expect((await head(other.token, location)).status).toBe(404);
    expect((await patch(other.token, location, 0, "abc")).status).toBe(404);
    const deleted = await call(location, {
      method: "DELETE",
      headers: { ...TUS, authorization: `Bearer ${other.token}` },
    });
    expect(deleted.status).toBe(404);
    expect((await head(owner.token, "/api/uploads/not-an-id")).status).toBe(404);
    expect((await head(owner.token, `/api/uploads/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await head(owner.token, location)).status).toBe(200);
  });

  it("termination frees R2: unfinished parts, trailing bytes and a finished object", async () => {
    const { token } = await registerAndSignIn();
    const data = bytes(PART_SIZE + 10);
    const unfinished = await created(token, data.length + 5);
    expect((await patch(token, unfinished, 0, data)).status).toBe(204);
    expect(await env.AUDIO.head(`uploads/${idOf(unfinished)}.tail`)).not.toBeNull();
    const row = await env.DB.prepare("SELECT multipart_id, parts FROM uploads WHERE id = ?")
      .bind(idOf(unfinished))
      .first<{ multipart_id: string; parts: string }>();
    const terminate = (location: string) =>
      call(location, { method: "DELETE", headers: { ...TUS, authorization: `Bearer ${token}` } });
    const gone = await terminate(unfinished);
    expect(gone.status).toBe(204);
    expect(gone.headers.get("tus-resumable")).toBe("1.0.0");
    expect(await env.AUDIO.head(`uploads/${idOf(unfinished)}.tail`)).toBeNull();
    const aborted = env.AUDIO.resumeMultipartUpload(`uploads/${idOf(unfinished)}`, row?.multipart_id ?? "");
    await expect(aborted.complete(JSON.parse(row?.parts ?? "[]"))).rejects.toThrow();
    expect((await head(token, unfinished)).status).toBe(404);

    const finished = await created(token, 3);
    expect((await patch(token, finished, 0, "abc")).status).toBe(204);
    expect(await storedObject(finished)).not.toBeNull();
    expect((await terminate(finished)).status).toBe(204);
    expect(await storedObject(finished)).toBeNull();
  });

  it("expired unfinished uploads answer 410 and are swept with their R2 data; finished ones are kept", async () => {
    const { token } = await registerAndSignIn();
    const expire = (location: string) =>
      env.DB.prepare("UPDATE uploads SET expires_at = ? WHERE id = ?")
        .bind("2020-01-01T00:00:00.000Z", idOf(location))
        .run();
    const seen = await created(token, PART_SIZE + 20);
    expect((await patch(token, seen, 0, "abc")).status).toBe(204);
    await expire(seen);
    expect((await head(token, seen)).status).toBe(410);
    expect((await patch(token, seen, 3, "def")).status).toBe(404);
    expect(await env.AUDIO.head(`uploads/${idOf(seen)}.tail`)).toBeNull();

    const unfinished = await created(token, 100);
    expect((await patch(token, unfinished, 0, "abc")).status).toBe(204);
    const finished = await created(token, 3);
    expect((await patch(token, finished, 0, "abc")).status).toBe(204);
    const fresh = await created(token, 3);
    await expire(unfinished);
    await expire(finished);
    expect(await sweepExpiredUploads(env)).toBeGreaterThanOrEqual(1);
    expect(await env.AUDIO.head(`uploads/${idOf(unfinished)}.tail`)).toBeNull();
    // A finished upload is a recording: kept, readable and without an expiry, however old.
    expect(await storedObject(finished)).not.toBeNull();
    const finishedHead = await head(token, finished);
    expect(finishedHead.status).toBe(200);
    expect(finishedHead.headers.get("upload-expires")).toBeNull();
    const left = await env.DB.prepare("SELECT id FROM uploads WHERE id IN (?, ?, ?) ORDER BY created_at")
      .bind(idOf(unfinished), idOf(finished), idOf(fresh))
      .all<{ id: string }>();
    expect(left.results.map((row) => row.id).sort()).toEqual([idOf(finished), idOf(fresh)].sort());
  });
});
