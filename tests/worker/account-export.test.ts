import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { accountFilesLinksSchema } from "../../worker/accounts/contracts/account-files-links.ts";
import { deleteExpiredDownloadGrants } from "../../worker/accounts/export/download-grants.ts";
import { Deferred, jsonStream, StreamedArray } from "../../worker/accounts/export/json-stream.ts";
import { type StoredFile, zipParts } from "../../worker/accounts/export/zip.ts";
import { DATA_EXPORT_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, tusUpload, uploadFile } from "./helpers.ts";

type Account = Awaited<ReturnType<typeof registerAndSignIn>>;

const now = () => new Date().toISOString();
const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 256);

/**
 * Gives an account one of everything it can hold, each marked with `mark`, and answers the bytes
 * of each stored file by the R2 key it is under.
 */
async function fill({ api, user, token }: Account, mark: string): Promise<Map<string, Uint8Array>> {
  const stored = new Map<string, Uint8Array>();
  expect((await api.put("/api/preferences", { language: "yo" })).status).toBe(200);
  expect((await api.put("/api/vocabulary", { terms: [`Term ${mark}`] })).status).toBe(200);
  const kit = {
    name: `Org ${mark}`,
    boilerplate: `About ${mark}`,
    spokespeople: [{ name: `Speaker ${mark}`, title: "CEO" }],
    media_contact: { name: `Contact ${mark}`, email: "press@example.ng", phone: "08031234567" },
    dateline_city: "Abuja",
  };
  expect((await api.put("/api/organisation", kit)).status).toBe(200);

  // Two history items of one stored speech file (a repeat), and a voice conversion.
  const speechKey = `tts/${user.id}/${mark}.mp3`;
  const conversionKey = `voice-conversion/${user.id}/${mark}.mp3`;
  for (const [key, data] of [
    [speechKey, bytes(3000, 1)],
    [conversionKey, bytes(5000, 2)],
  ] as const) {
    await env.AUDIO.put(key, data);
    stored.set(key, data);
  }
  for (const [kind, key] of [
    ["tts", speechKey],
    ["tts", speechKey],
    ["voice-conversion", conversionKey],
  ] as const) {
    await env.DB.prepare(
      `INSERT INTO audio_items (id, user_id, kind, voice_id, text_excerpt, characters, bytes, r2_key, created_at)
       VALUES (?, ?, ?, 'voice', ?, 20, ?, ?, ?)`,
    )
      .bind(crypto.randomUUID(), user.id, kind, `Speech ${mark}`, stored.get(key)?.length ?? 0, key, now())
      .run();
  }

  // A press release with its recording and two saved versions.
  const releaseId = crypto.randomUUID();
  const recordingKey = `press-releases/${releaseId}`;
  const recording = bytes(70_000, 3);
  await env.AUDIO.put(recordingKey, recording);
  stored.set(recordingKey, recording);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, r2_key, status, text, created_at, updated_at)
       VALUES (?, ?, 'press_release', ?, 'audio/wav', ?, ?, 'completed', ?, ?, ?)`,
    ).bind(
      releaseId,
      user.id,
      `briefing/${mark}.wav`,
      recording.length,
      recordingKey,
      `Release ${mark} v2`,
      now(),
      now(),
    ),
    env.DB.prepare(
      "INSERT INTO press_release_versions (id, job_id, user_id, text, created_at) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)",
    ).bind(
      crypto.randomUUID(),
      releaseId,
      user.id,
      `Release ${mark} v1`,
      "2026-01-01T00:00:00.000Z",
      crypto.randomUUID(),
      releaseId,
      user.id,
      `Release ${mark} v2`,
      "2026-01-02T00:00:00.000Z",
    ),
  ]);

  // A sentiment report on a small file, kept with its recording so that it plays.
  const analysed = speechWav(8);
  const report = await uploadFile(
    "/api/sentiment",
    token,
    "file",
    new Blob([analysed], { type: "audio/wav" }),
    `${mark}.wav`,
  );
  expect(report.status).toBe(200);
  stored.set(`sentiment-recordings/${report.headers.get("location")?.split("/").pop()}`, analysed);

  // A finished resumable upload no tool has taken yet.
  const upload = bytes(40_000, 4);
  const uploadId = await tusUpload(token, upload);
  const uploadKey = await env.DB.prepare("SELECT r2_key FROM uploads WHERE id = ?")
    .bind(uploadId)
    .first<string>("r2_key");
  stored.set(uploadKey ?? "", upload);

  // A live transcript with a caption link, and a paid order with a card kept for renewals.
  const sessionId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO live_sessions (id, user_id, resume_token_hash, title, status, audio_seconds, started_at, alive_at, ended_at)
       VALUES (?, ?, 'hash', ?, 'ended', 12, ?, ?, ?)`,
    ).bind(sessionId, user.id, `Town hall ${mark}`, now(), now(), now()),
    env.DB.prepare("INSERT INTO live_segments (session_id, seq, text, start, duration) VALUES (?, 1, ?, 0, 2.5)").bind(
      sessionId,
      `Said live ${mark}`,
    ),
    env.DB.prepare("INSERT INTO caption_shares (token, session_id, created_at) VALUES (?, ?, ?)").bind(
      `share-token-${mark}-${user.id}`,
      sessionId,
      now(),
    ),
    env.DB.prepare(
      `INSERT INTO orders (reference, user_id, plan, amount_kobo, currency, status, created_at, paid_at)
       VALUES (?, ?, 'monthly', 1000000, 'NGN', 'paid', ?, ?)`,
    ).bind(`ref-${mark}-${user.id}`, user.id, now(), now()),
    env.DB.prepare(
      `INSERT INTO subscriptions (user_id, period_end, authorization_code, authorization_email, card_brand, card_last4)
       VALUES (?, ?, ?, 'payer@example.ng', 'visa', '4081')`,
    ).bind(user.id, now(), `AUTH_secret_${mark}`),
  ]);
  return stored;
}

describe("the account's data download", () => {
  it("signed out, both downloads answer 401", async () => {
    for (const path of ["/api/account/export", "/api/account/export/files"]) {
      const response = await call(path);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toMatchObject({ code: "unauthorized" });
    }
  });

  it("the JSON holds everything the account holds, none of another account's, and no secret", async () => {
    const mine = await registerAndSignIn({ name: "Funmi Adeyemi" });
    const theirs = await registerAndSignIn({ name: "Musa Bello" });
    await fill(mine, "Q7mine");
    await fill(theirs, "Z9theirs");

    const response = await mine.api.get("/api/account/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="vox-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text);

    expect(data.profile).toMatchObject({ id: mine.user.id, name: "Funmi Adeyemi", email: mine.input.email });
    expect(data.preferences).toMatchObject({ language: "yo", vocabulary: ["Term Q7mine"] });
    expect(data.organisation).toMatchObject({ name: "Org Q7mine", spokespeople: [{ name: "Speaker Q7mine" }] });
    expect(data.speech_history).toHaveLength(3);
    const release = data.jobs.find((job: { kind: string }) => job.kind === "press_release");
    expect(release.press_release.text).toBe("Release Q7mine v2");
    expect(release.press_release.versions.map((version: { text: string }) => version.text)).toEqual([
      "Release Q7mine v1",
      "Release Q7mine v2",
    ]);
    expect(release.file).toBe(`recordings/${release.id}-briefingQ7mine.wav`);
    const report = data.jobs.find((job: { kind: string }) => job.kind === "sentiment");
    expect(report.sentiment_report.results.channels[0].alternatives[0].transcript).toMatch(/\w+ \w+/);
    expect(data.live_transcripts).toHaveLength(1);
    expect(data.live_transcripts[0]).toMatchObject({
      title: "Town hall Q7mine",
      segments: [{ seq: 1, text: "Said live Q7mine" }],
      caption_shares: [{ revoked_at: null }],
    });
    expect(data.uploads).toHaveLength(1);
    expect(data.uploads[0]).toMatchObject({ status: "complete", length: 40_000, file_name: "town-hall.wav" });
    expect(data.billing.orders).toEqual([
      expect.objectContaining({ reference: `ref-Q7mine-${mine.user.id}`, status: "paid" }),
    ]);
    expect(data.billing.subscription.card).toMatchObject({ brand: "visa", last4: "4081" });
    expect(data.sign_ins.sessions.length).toBeGreaterThan(0);

    for (const theirMark of ["Z9theirs", theirs.user.id, theirs.input.email, "Musa Bello"]) {
      expect(text, theirMark).not.toContain(theirMark);
    }
    for (const secret of ["AUTH_secret_Q7mine", "share-token-Q7mine", "password_hash", "token_hash", "$argon2"]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it("the zip holds the account's stored audio byte for byte, and none of another account's", async () => {
    const mine = await registerAndSignIn();
    const theirs = await registerAndSignIn();
    const stored = await fill(mine, "Q7mine");
    await fill(theirs, "Z9theirs");

    const response = await mine.api.get("/api/account/export/files");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("x-vox-parts")).toBe("1");
    expect(response.headers.get("content-disposition")).toMatch(/filename="vox-files-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));

    const data = JSON.parse(await (await mine.api.get("/api/account/export")).text());
    const named = [
      ...data.speech_history.map((item: { file: string }) => item.file),
      ...data.jobs.flatMap((job: { file?: string }) => (job.file ? [job.file] : [])),
      ...data.uploads.map((upload: { file: string }) => upload.file),
    ];
    // Two history items share one speech file: four files for five named places.
    expect(Object.keys(files).sort()).toEqual([...new Set(named)].sort());
    expect(Object.keys(files)).toHaveLength(stored.size);
    const contents = Object.values(files).map((file) => [...file].join(","));
    for (const [key, expected] of stored) expect(contents, key).toContain([...expected].join(","));
  });

  it("gives links the browser downloads the zips from without the bearer token, for an hour, to the owner's files only", async () => {
    const mine = await registerAndSignIn();
    const theirs = await registerAndSignIn();
    const stored = await fill(mine, "Q7mine");
    await fill(theirs, "Z9theirs");

    const response = await mine.api.post("/api/account/export/files/links", {});
    expect(response.status).toBe(200);
    const links = accountFilesLinksSchema.parse(await response.json());
    expect(Date.parse(links.expires_at) - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(links.files).toHaveLength(1);
    const [link] = links.files;
    expect(link?.file_name).toMatch(/^vox-files-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = new URL(link?.url ?? "").pathname;
    expect(path).toMatch(/^\/api\/downloads\/[A-Za-z0-9_-]{43}\/1$/);

    const zip = await call(path);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-disposition")).toBe(`attachment; filename="${link?.file_name}"`);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(stored.size);
    const contents = Object.values(files).map((file) => [...file].join(","));
    for (const [key, expected] of stored) expect(contents, key).toContain([...expected].join(","));

    expect((await call(path.replace(/\/1$/, "/2"))).status, "part 2").toBe(404);
    expect((await call(path.replace(/\/1$/, "/two"))).status).toBe(400);
    const forged = await call(`/api/downloads/${"A".repeat(43)}/1`);
    expect(forged.status).toBe(404);
    expect(await forged.json()).toMatchObject({ code: "not_found" });

    await env.DB.prepare("UPDATE download_grants SET expires_at = ? WHERE user_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), mine.user.id)
      .run();
    expect((await call(path)).status, "expired").toBe(404);
    // The schedule's clean-up drops expired links and keeps live ones.
    const live = await mine.api.post("/api/account/export/files/links", {});
    expect(live.status).toBe(200);
    await deleteExpiredDownloadGrants(env.DB, new Date().toISOString());
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM download_grants WHERE user_id = ?")
      .bind(mine.user.id)
      .first<{ n: number }>();
    expect(left?.n).toBe(1);

    expect((await call("/api/account/export/files/links", { method: "POST" })).status).toBe(401);
    const empty = await registerAndSignIn();
    const none = await empty.api.post("/api/account/export/files/links", {});
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ code: "no_files" });
  });

  it("a part past the last is 404 and a part that is not a whole number is 400", async () => {
    const { api } = await registerAndSignIn();
    expect((await api.get("/api/account/export/files?part=2")).status).toBe(404);
    const bad = await api.get("/api/account/export/files?part=two");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "validation_failed", errors: { part: [expect.any(String)] } });
  });
});

describe("the data download of a large account", () => {
  const version = (n: number) => `${n}`.padStart(5, "0") + "v".repeat(19_995);

  it("is written while the tables are read, a page at a time, and parses to the same shape", async () => {
    const { api, user } = await registerAndSignIn();
    const releases = Array.from({ length: 45 }, () => crypto.randomUUID());
    const created = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    await env.DB.batch(
      releases.map((id, i) =>
        env.DB.prepare(
          `INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, r2_key, status, text, created_at, updated_at)
           VALUES (?, ?, 'press_release', 'brief.wav', 'audio/wav', 10, ?, 'completed', ?, ?, ?)`,
        ).bind(id, user.id, `press-releases/${id}`, `Release ${i}`, created(i), created(i)),
      ),
    );
    // Three releases with the 51 versions a release keeps, each of 20,000 characters: 3 MB of text.
    for (const id of releases.slice(0, 3)) {
      await env.DB.batch(
        Array.from({ length: 51 }, (_, n) =>
          env.DB.prepare(
            `INSERT INTO press_release_versions (id, job_id, user_id, text, created_at, number)
             VALUES (?, ?, ?, ?, ?, ?)`,
          ).bind(crypto.randomUUID(), id, user.id, version(n + 1), created(n), n + 1),
        ),
      );
    }
    // 250 history items of two stored files: every one names the file of the first of its file.
    await env.DB.batch(
      Array.from({ length: 250 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO audio_items (id, user_id, kind, voice_id, text_excerpt, characters, bytes, r2_key, created_at)
           VALUES (?, ?, 'tts', 'voice', 'Speech', 6, 10, ?, ?)`,
        ).bind(`item-${String(i).padStart(3, "0")}`, user.id, `tts/${user.id}/${i % 2}.mp3`, created(i)),
      ),
    );

    const response = await api.get("/api/account/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    // The answer starts before the tables are read: a job added now, after the headers, is in it.
    const late = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, status, created_at, updated_at)
       VALUES (?, ?, 'sentiment', 'late.wav', 'audio/wav', 10, 'completed', ?, ?)`,
    )
      .bind(late, user.id, now(), now())
      .run();
    releases.push(late);
    // Over 3 MB arrive in chunks of at most 256 KiB.
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.body ?? new ReadableStream<Uint8Array>()) chunks.push(chunk);
    const sizes = chunks.map((chunk) => chunk.byteLength);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(3_000_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(256 * 1024);
    const data = JSON.parse(await new Blob(chunks).text());

    expect(data.jobs.map((job: { id: string }) => job.id)).toEqual(releases);
    for (const [index, job] of data.jobs.slice(0, -1).entries()) {
      expect(job.press_release.versions).toEqual(
        index < 3 ? Array.from({ length: 51 }, (_, n) => ({ text: version(n + 1), created_at: created(n) })) : [],
      );
      expect(job.file).toBe(`recordings/${job.id}-brief.wav`);
    }
    expect(data.jobs.at(-1)).toMatchObject({ kind: "sentiment", sentiment_report: null });
    expect(data.speech_history).toHaveLength(250);
    expect(new Set(data.speech_history.map((item: { file: string }) => item.file))).toEqual(
      new Set(["speech/2026-01-01-item-000.mp3", "speech/2026-01-01-item-001.mp3"]),
    );
    expect(data.speech_history[249].file).toBe("speech/2026-01-01-item-001.mp3");
    expect(data.live_transcripts).toEqual([]);
    expect(data.billing).toMatchObject({ subscription: null, orders: [] });
  });
});

describe("streamed JSON", () => {
  it("is the text JSON.stringify gives, with arrays from async iterables and values read when reached", async () => {
    async function* rows() {
      yield { a: 1, nested: { list: [1, "two\n", null] } };
      yield "x";
    }
    async function* none() {}
    const plain = {
      empty: [],
      object: {},
      rows: [{ a: 1, nested: { list: [1, "two\n", null] } }, "x"],
      none: [],
      later: { deep: [true] },
      skipped: undefined,
      tail: "é\u2028",
    };
    const streamed = {
      empty: [],
      object: {},
      rows: new StreamedArray(rows()),
      none: new StreamedArray(none()),
      later: new Deferred(async () => ({
        deep: new StreamedArray(
          (async function* () {
            yield true;
          })(),
        ),
      })),
      skipped: undefined,
      tail: "é\u2028",
    };
    expect(await new Response(jsonStream(streamed)).text()).toBe(JSON.stringify(plain, null, 2));
  });
});

describe("the data download's limits", () => {
  it.each([
    ["/api/account/export", DATA_EXPORT_RATE_LIMITS.exportData.limit],
    ["/api/account/export/files", DATA_EXPORT_RATE_LIMITS.exportFiles.limit],
  ])("%s answers 429 past its hourly limit per account, and another account is not held up", async (path, limit) => {
    const { api } = await registerAndSignIn();
    for (let i = 0; i < limit; i++) expect((await api.get(path)).status).toBe(200);
    const refused = await api.get(path);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const other = await registerAndSignIn();
    expect((await other.api.get(path)).status).toBe(200);
  });
});

describe("zip parts", () => {
  const file = (name: string, size: number): StoredFile => ({ path: name, key: name, bytes: size, modified: now() });

  it("fills each zip up to the limit, in order, never splitting a file", () => {
    const files = [file("a", 40), file("b", 50), file("c", 20), file("d", 100), file("e", 5)];
    expect(zipParts(files, 100).map((part) => part.map((entry) => entry.path))).toEqual([
      ["a", "b"],
      ["c"],
      ["d"],
      ["e"],
    ]);
    expect(zipParts([], 100)).toEqual([[]]);
  });
});
