import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { formatBillingDate } from "../../worker/billing/contracts/billing-figures.ts";
import { unreferencedKeys } from "../../worker/core/orphan-sweep.ts";
import { ACCOUNT_RATE_LIMITS, RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import worker from "../../worker/index.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import {
  type Client,
  call,
  client,
  codeFrom,
  engineStatus,
  initialize,
  newUserInput,
  ORIGIN,
  outbox,
  pressCheckout,
  processPay,
  registerAndSignIn,
  resetPassword,
  uploadFile,
  VERIFICATION_SUBJECT,
  verifyEmail,
  waitForMail,
} from "./helpers.ts";
import { settled } from "./jobs.ts";

/** Every endpoint that acts for a signed-in user. */
const SIGNED_IN_ENDPOINTS: [method: string, path: string][] = [
  ["GET", "/auth/me"],
  ["POST", "/auth/logout"],
  ["POST", "/auth/change-password"],
  ["POST", "/auth/delete-account"],
  ["POST", "/api/payments/initialize"],
  ["POST", "/api/tts"],
  ["POST", "/api/voice-conversion"],
  ["GET", "/api/history"],
  ["GET", `/api/audio/${crypto.randomUUID()}`],
  ["DELETE", `/api/audio/${crypto.randomUUID()}`],
  ["POST", "/api/sentiment"],
  ["GET", "/api/press-releases"],
  ["POST", "/api/press-releases"],
  ["GET", `/api/press-releases/${crypto.randomUUID()}`],
  ["DELETE", `/api/press-releases/${crypto.randomUUID()}`],
  ["POST", "/api/live/ticket"],
  ["GET", "/api/live/usage"],
  ["GET", "/api/live/transcripts"],
  ["GET", `/api/live/transcripts/${crypto.randomUUID()}`],
  ["POST", `/api/live/transcripts/${crypto.randomUUID()}`],
  ["DELETE", `/api/live/transcripts/${crypto.randomUUID()}`],
  ["POST", "/api/voice/token"],
  ["GET", "/api/account/export"],
  ["GET", "/api/account/export/files"],
];

async function counts() {
  const row = await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM sessions) AS sessions,
            (SELECT COUNT(*) FROM orders) AS orders, (SELECT COUNT(*) FROM jobs) AS releases,
            (SELECT COUNT(*) FROM audio_items) AS audio, (SELECT COUNT(*) FROM live_tickets) AS tickets`,
  ).first();
  return row;
}

async function expectUnauthorised(response: Response, label: string) {
  expect(response.status, label).toBe(401);
  const body = (await response.json()) as { message?: unknown; code?: unknown };
  expect(typeof body.message, label).toBe("string");
  expect(typeof body.code, label).toBe("string");
}

describe("tokens that are missing, forged, expired or revoked", () => {
  it("get 401 JSON at every signed-in endpoint and change nothing", async () => {
    const { token, user } = await registerAndSignIn();
    const other = await registerAndSignIn();
    await call("/auth/logout", { method: "POST", headers: { authorization: `Bearer ${other.token}` } });
    const expired = await registerAndSignIn();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind("2020-01-01T00:00:00.000Z", expired.user.id)
      .run();
    const before = await counts();
    const badHeaders: [string, Record<string, string>][] = [
      ["none", {}],
      ["forged", { authorization: `Bearer ${"f".repeat(64)}` }],
      ["tampered", { authorization: `Bearer ${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}` }],
      ["wrong scheme", { authorization: `Basic ${btoa(`${user.id}:x`)}` }],
      ["revoked", { authorization: `Bearer ${other.token}` }],
      ["expired", { authorization: `Bearer ${expired.token}` }],
    ];
    for (const [method, path] of SIGNED_IN_ENDPOINTS) {
      for (const [label, headers] of badHeaders) {
        const response = await call(path, {
          method,
          headers: { ...headers, "content-type": "application/json" },
          ...(method === "GET"
            ? {}
            : { body: JSON.stringify({ plan: "monthly", text: "hi", voice_id: "x", password: "x" }) }),
        });
        await expectUnauthorised(response, `${method} ${path} with ${label} token`);
      }
    }
    expect(await counts()).toEqual(before);
  });
});

describe("ids in paths", () => {
  it("traversal, injection and random strings at every id route answer 4xx JSON and delete nothing", async () => {
    const { token } = await registerAndSignIn();
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/audio/", "/api/press-releases/"),
        fc.constantFrom("GET", "DELETE"),
        fc.oneof(
          fc.constantFrom("..%2F..%2Fetc%2Fpasswd", "%2e%2e", "' OR 1=1 --", "0", "null", "%00", "a".repeat(2000)),
          fc.string({ minLength: 1, maxLength: 64 }).map(encodeURIComponent),
          fc.uuid(),
        ),
        async (prefix, method, id) => {
          const response = await call(`${prefix}${id}`, { method, headers: { authorization: `Bearer ${token}` } });
          expect(response.status, `${method} ${prefix}${id}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${method} ${prefix}${id}`).toBeLessThan(500);
          expect(response.headers.get("content-type")).toContain("application/json");
        },
      ),
      { numRuns: 80 },
    );
    expect(await counts()).toEqual(before);
  });
});

const RESET_SUBJECT = /^\d{6} is your Vox password reset code$/;
const VOICE = "sbxAdaezeWarm01";

/** Asks for a reset code and answers the one the newest mail carries. */
async function resetCode(email: string): Promise<string> {
  const before = (await outbox(email)).filter((mail) => RESET_SUBJECT.test(mail.subject)).length;
  expect((await client().post("/auth/forgot-password", { email })).status).toBe(200);
  const [latest] = await waitForMail(email, before + 1, RESET_SUBJECT);
  return codeFrom(latest?.text ?? "");
}

const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

describe("recovery codes guessed across codes", () => {
  it("after 10 wrong guesses in a day even a fresh right code is refused, and the owner is told", async () => {
    const { input } = await registerAndSignIn();
    for (let round = 0; round < 2; round++) {
      const code = await resetCode(input.email);
      for (let guess = 0; guess < 5; guess++) {
        const response = await client().post("/auth/verify-otp", { email: input.email, otp: wrongCode(code) });
        expect(response.status).toBe(guess === 4 && round === 1 ? 429 : 400);
      }
    }
    const third = await resetCode(input.email).catch(() => null);
    // A locked account gets no new codes; had one come, it must not open the account either.
    const right = await client().post("/auth/verify-otp", { email: input.email, otp: third ?? "123456" });
    expect(right.status).toBe(429);
    const body = (await right.json()) as { code: string; message: string };
    expect(body.code).toBe("recovery_locked");
    expect(body.message).toMatch(/Password recovery is paused until .+ UTC/);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    const [notice] = await waitForMail(input.email, 1, /^Password recovery for your Vox account is paused$/);
    expect(notice?.text).toContain("10 wrong codes");
  });
});

describe("per-IP limits on IPv6", () => {
  it("count a whole /64 as one client, and IPv4 by address", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:77`;
    const limit = RATE_LIMITS.register.ip.limit;
    const statuses: number[] = [];
    for (let host = 1; host <= limit + 2; host++) {
      statuses.push((await client(`${prefix}::${host.toString(16)}`).post("/auth/register", newUserInput())).status);
    }
    expect(statuses.slice(0, limit).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
    // The neighbouring /64 is somebody else.
    expect((await client(`${prefix.slice(0, -2)}78::1`).post("/auth/register", newUserInput())).status).toBe(201);
  });
});

describe("free trials before the e-mail is verified", () => {
  it("tools answer 409 email_unverified until the mailed code is entered; a resend replaces the code", async () => {
    const { api, input, token } = await registerAndSignIn({}, { verified: false });
    const blocked = await api.post("/api/tts", { text: "Hello Lagos", voice_id: VOICE });
    expect(blocked.status).toBe(409);
    expect(await blocked.json()).toMatchObject({ code: "email_unverified" });
    expect((await api.post("/api/live/ticket", {})).status).toBe(409);
    expect((await uploadFile("/api/sentiment", token, "file", new Blob([speechWav(2)]), "a.wav")).status).toBe(409);
    expect(
      ((await (await api.get("/auth/me")).json()) as { data: { email_verified: boolean } }).data.email_verified,
    ).toBe(false);

    const [first] = await waitForMail(input.email, 1, VERIFICATION_SUBJECT);
    const firstCode = codeFrom(first?.text ?? "");
    const wrong = await client().post("/auth/verify-email", { email: input.email, code: wrongCode(firstCode) });
    expect(wrong.status).toBe(400);
    expect((await client().post("/auth/resend-verification", { email: input.email })).status).toBe(200);
    await waitForMail(input.email, 2, VERIFICATION_SUBJECT);
    expect((await client().post("/auth/verify-email", { email: input.email, code: firstCode })).status).toBe(400);
    await verifyEmail(input.email);

    const me = (await (await api.get("/auth/me")).json()) as {
      data: { email_verified: boolean; trial_ends_at: string };
    };
    expect(me.data.email_verified).toBe(true);
    expect(Date.parse(me.data.trial_ends_at) - Date.now()).toBeGreaterThan(47 * 3600 * 1000);
    const spoken = await api.post("/api/tts", { text: "Hello Lagos", voice_id: VOICE });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
  });

  it("resending is limited per address", async () => {
    const { input } = await registerAndSignIn({}, { verified: false });
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.resendVerification.email.limit; i++) {
      statuses.push((await client().post("/auth/resend-verification", { email: input.email })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
  });

  it("verification codes have the recovery limits: 10 wrong guesses a day across codes", async () => {
    const { input } = await registerAndSignIn({}, { verified: false });
    const [mail] = await waitForMail(input.email, 1, VERIFICATION_SUBJECT);
    const code = codeFrom(mail?.text ?? "");
    const statuses: number[] = [];
    for (let guess = 0; guess < 10; guess++) {
      if (guess === 5)
        expect((await client().post("/auth/resend-verification", { email: input.email })).status).toBe(200);
      statuses.push((await client().post("/auth/verify-email", { email: input.email, code: wrongCode(code) })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 429]);
    const [fresh] = await waitForMail(input.email, 2, VERIFICATION_SUBJECT);
    const refused = await client().post("/auth/verify-email", {
      email: input.email,
      code: codeFrom(fresh?.text ?? ""),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "verification_locked" });
  });

  it("paying for a plan also verifies the address", async () => {
    const { api } = await registerAndSignIn({}, { verified: false });
    const { authorization_url, reference } = await initialize(api, "monthly");
    await pressCheckout(authorization_url, "pay");
    expect((await processPay(api, reference)).status).toBe(200);
    const me = (await (await api.get("/auth/me")).json()) as { data: { email_verified: boolean } };
    expect(me.data.email_verified).toBe(true);
    const spoken = await api.post("/api/tts", { text: "Paid and ready", voice_id: VOICE });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
  });
});

async function generateSpeech(api: Client, text: string): Promise<string> {
  const response = await api.post("/api/tts", { text, voice_id: VOICE });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  const id = response.headers.get("x-vox-audio-id") ?? "";
  for (let i = 0; i < 100; i++) {
    const row = await env.DB.prepare("SELECT r2_key FROM audio_items WHERE id = ?").bind(id).first<string>("r2_key");
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error("the generated speech was never stored");
}

/** Waits until a press release job has its provider transcript (it then polls it every 3 s). */
const transcribing = (id: string) =>
  vi.waitFor(
    async () =>
      expect(
        await env.DB.prepare("SELECT provider_ref FROM jobs WHERE id = ?").bind(id).first<string>("provider_ref"),
      ).toBeTruthy(),
    { timeout: 10_000, interval: 20 },
  );

async function startPressRelease(token: string): Promise<{ id: string; r2Key: string }> {
  const response = await uploadFile(
    "/api/press-releases",
    token,
    "file",
    new Blob([speechWav(8)], { type: "audio/wav" }),
    "b.wav",
  );
  expect(response.status).toBe(202);
  const { id } = (await response.json()) as { id: string };
  return { id, r2Key: `press-releases/${id}` };
}

/** Every key in R2, page by page. */
async function allKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await env.AUDIO.list(cursor ? { cursor } : {});
    keys.push(...listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return keys;
}

/**
 * Objects written since `before` that are still in R2 and are the erased account's: under its own
 * prefix, or referenced by no row (an upload, a job or a history item of another account would be).
 * Other tests' writes landing meanwhile are someone else's and referenced, so they do not count.
 */
async function leftOf(userId: string, before: readonly string[]): Promise<string[]> {
  const had = new Set(before);
  const added = (await allKeys()).filter((key) => !had.has(key));
  const unreferenced = new Set(await unreferencedKeys(env.DB, added));
  return added.filter((key) => key.startsWith(`tts/${userId}/`) || unreferenced.has(key)).sort();
}

describe("deleting an account", () => {
  it("erases its audio, recordings, jobs, live sessions and provider transcripts; paid orders stay anonymous", async () => {
    const before = await allKeys();
    const { api, token, input, user } = await registerAndSignIn();
    const converted = new FormData();
    converted.set("audio", new Blob([new Uint8Array(16_000).fill(7)], { type: "audio/webm" }), "take.webm");
    converted.set("voice_id", "sbxTundeNews002");
    const conversion = await call("/api/voice-conversion", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: converted,
    });
    expect(conversion.status).toBe(200);
    await conversion.arrayBuffer();
    const conversionId = conversion.headers.get("x-vox-audio-id");
    await expect
      .poll(() => env.DB.prepare("SELECT COUNT(*) AS n FROM audio_items WHERE id = ?").bind(conversionId).first("n"))
      .toBe(1);
    const ownSpeech = await generateSpeech(api, `Only this account said this, ${crypto.randomUUID()}.`);
    const sameText = `Both accounts said this, ${crypto.randomUUID()}.`;
    const sameTextSpeech = await generateSpeech(api, sameText);
    const other = await registerAndSignIn();
    const theirSpeech = await generateSpeech(other.api, sameText);
    expect(theirSpeech).not.toBe(sameTextSpeech);
    // Speech stored before its key held the account: one object behind both accounts' items.
    const sharedSpeech = `tts/${crypto.randomUUID()}.mp3`;
    await env.AUDIO.put(sharedSpeech, new Uint8Array([0xff, 0xfb]));
    for (const owner of [user.id, other.user.id]) {
      await env.DB.prepare(
        `INSERT INTO audio_items (id, user_id, kind, voice_id, text_excerpt, characters, bytes, r2_key, created_at)
         VALUES (?, ?, 'tts', ?, 'Said by both', 12, 2, ?, ?)`,
      )
        .bind(crypto.randomUUID(), owner, VOICE, sharedSpeech, new Date().toISOString())
        .run();
    }

    const done = await startPressRelease(token);
    expect((await settled(`/api/press-releases/${done.id}`, token)).status).toBe("completed");
    const running = await startPressRelease(token);
    await transcribing(running.id);
    const transcripts = await env.DB.prepare(
      "SELECT provider_ref AS transcript_id FROM jobs WHERE user_id = ? AND provider_ref IS NOT NULL",
    )
      .bind(user.id)
      .all<{ transcript_id: string }>();
    expect(transcripts.results).toHaveLength(2);

    const { authorization_url, reference: paid } = await initialize(api, "monthly");
    await pressCheckout(authorization_url, "pay");
    expect((await processPay(api, paid)).status).toBe(200);
    const { reference: pending } = await initialize(api, "yearly");

    const ticket = (await (await api.post("/api/live/ticket", {})).json()) as { ticket: string };
    const upgrade = await call(`/api/live?ticket=${ticket.ticket}`, { headers: { upgrade: "websocket" } });
    expect(upgrade.status).toBe(101);
    const socket = upgrade.webSocket as WebSocket;
    socket.accept();
    const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));

    const deleted = await api.post("/auth/delete-account", { password: input.password });
    expect(deleted.status).toBe(200);

    expect(await closed).toBe(4201);
    expect(await env.AUDIO.head(ownSpeech)).toBeNull();
    expect(await env.AUDIO.head(sameTextSpeech)).toBeNull();
    expect(await env.AUDIO.head(theirSpeech)).not.toBeNull();
    expect(await env.AUDIO.head(sharedSpeech)).not.toBeNull();
    // Whatever prefix it was written under, nothing the account wrote is left in R2.
    expect(await leftOf(user.id, before)).toEqual([]);
    expect(await env.AUDIO.head(done.r2Key)).toBeNull();
    expect(await env.AUDIO.head(running.r2Key)).toBeNull();
    expect(await engineStatus(running.id)).toBe("terminated");
    for (const { transcript_id } of transcripts.results) {
      const row = await env.DB.prepare("SELECT deleted_at FROM sandbox_assemblyai_transcripts WHERE id = ?")
        .bind(transcript_id)
        .first<string | null>("deleted_at");
      expect(row, transcript_id).not.toBeNull();
    }
    const left = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM users WHERE id = ?1) AS users, (SELECT COUNT(*) FROM audio_items WHERE user_id = ?1) AS audio,
              (SELECT COUNT(*) FROM jobs WHERE user_id = ?1) AS releases, (SELECT COUNT(*) FROM live_sessions WHERE user_id = ?1) AS live,
              (SELECT COUNT(*) FROM orders WHERE user_id = ?1) AS orders, (SELECT COUNT(*) FROM orders WHERE reference = ?2) AS pending`,
    )
      .bind(user.id, pending)
      .first();
    expect(left).toEqual({ users: 0, audio: 0, releases: 0, live: 0, orders: 0, pending: 0 });
    const kept = await env.DB.prepare("SELECT user_id, status, amount_kobo FROM orders WHERE reference = ?")
      .bind(paid)
      .first();
    expect(kept).toEqual({ user_id: null, status: "paid", amount_kobo: 1_000_000 });
  });

  it("when the transcription service is down the account stays, so deleting again finishes the job", async () => {
    const { api, token, input, user } = await registerAndSignIn();
    const release = await startPressRelease(token);
    await transcribing(release.id);
    await call("/__sandbox/faults/assemblyai-delete", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ count: 1, status: 503 }),
    });
    const failed = await api.post("/auth/delete-account", { password: input.password });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ code: "deletion_incomplete" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE id = ?").bind(user.id).first("n")).toBe(1);
    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE id = ?").bind(user.id).first("n")).toBe(0);
  });
});

describe("password-checked account changes", () => {
  it("change-password and delete-account are limited per user", async () => {
    const { api } = await registerAndSignIn();
    for (const [path, body, limit] of [
      [
        "/auth/change-password",
        {
          current_password: "not the password",
          password: "brand new pass 1",
          password_confirmation: "brand new pass 1",
        },
        ACCOUNT_RATE_LIMITS.changePassword.limit,
      ],
      ["/auth/delete-account", { password: "not the password" }, ACCOUNT_RATE_LIMITS.deleteAccount.limit],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i++) statuses.push((await api.post(path, body)).status);
      expect(
        statuses.slice(0, limit).every((status) => status === 400),
        path,
      ).toBe(true);
      expect(statuses.at(-1), path).toBe(429);
    }
  });

  it("a burst of password hashes beyond what an isolate can run at once is turned away with 503, not queued", async () => {
    // At production's cost: the test cost's hashes end too quickly for a burst to overlap.
    const productionCost = { ...env, PASSWORD_HASH_COST: "production" };
    const ctx = createExecutionContext();
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        worker.fetch(
          new Request(`${ORIGIN}/auth/register`, {
            method: "POST",
            headers: { "content-type": "application/json", "cf-connecting-ip": `192.0.2.${i + 1}` },
            body: JSON.stringify(newUserInput()),
          }),
          productionCost,
          ctx,
        ),
      ),
    );
    await waitOnExecutionContext(ctx);
    const statuses = burst.map((response) => response.status);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    const busy = burst.find((response) => response.status === 503);
    expect(busy?.headers.get("retry-after")).toBeTruthy();
    expect(await busy?.json()).toMatchObject({ code: "server_busy" });
  });

  it("a flood of sign-ins for unknown e-mails never stops a real account from signing in", async () => {
    const { input } = await registerAndSignIn();
    const flood = Array.from({ length: 30 }, (_, i) =>
      client(`198.51.100.${i + 1}`).post("/auth/signin", {
        email: `nobody.${i}.${Date.now()}@example.ng`,
        password: "guess guess",
      }),
    );
    const owner = client().post("/auth/signin", { email: input.email, password: input.password });
    const [ownerAnswer, ...floodAnswers] = await Promise.all([owner, ...flood]);
    expect(ownerAnswer?.status).toBe(200);
    expect(floodAnswers.map((response) => response.status)).toEqual(floodAnswers.map(() => 401));
  });

  it("an unknown e-mail is answered like a wrong password, in content and about in time", async () => {
    const { input } = await registerAndSignIn();
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await client().post("/auth/signin", { email, password: "not the password" });
      return { elapsed: performance.now() - started, status: response.status, body: await response.json() };
    };
    const known = await timed(input.email);
    const unknown = await timed(`nobody.${Date.now()}@example.ng`);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.elapsed).toBeGreaterThan(known.elapsed * 0.3);
  });
});

describe("a completed password reset", () => {
  it("lifts the sign-in limit on the address, so the new password works at once", async () => {
    const { input } = await registerAndSignIn();
    const stranger = client("203.0.113.77");
    for (let attempt = 0; attempt < RATE_LIMITS.signin.email.limit; attempt++) {
      await stranger.post("/auth/signin", { email: input.email, password: "not the password" });
    }
    const locked = await stranger.post("/auth/signin", { email: input.email, password: input.password });
    expect(locked.status).toBe(429);

    const password = await resetPassword(input.email);
    const signedIn = await client("203.0.113.78").post("/auth/signin", { email: input.email, password });
    expect(signedIn.status).toBe(200);
  });
});

describe("codes and an owner's known browser", () => {
  it("wrong recovery codes from elsewhere do not stop a browser that signed in before from recovering", async () => {
    const { input, api } = await registerAndSignIn();
    for (let round = 0; round < 2; round++) {
      const code = await resetCode(input.email);
      for (let guess = 0; guess < 5; guess++) {
        await client().post("/auth/verify-otp", { email: input.email, otp: wrongCode(code) });
      }
    }
    expect((await client().post("/auth/verify-otp", { email: input.email, otp: "123456" })).status).toBe(429);

    const owner = client();
    owner.cookie = api.cookie;
    const before = (await outbox(input.email)).filter((mail) => RESET_SUBJECT.test(mail.subject)).length;
    expect((await owner.post("/auth/forgot-password", { email: input.email })).status).toBe(200);
    const [latest] = await waitForMail(input.email, before + 1, RESET_SUBJECT);
    // Strangers still cannot guess, even at the code the owner's browser asked for.
    expect((await client().post("/auth/verify-otp", { email: input.email, otp: "123456" })).status).toBe(429);
    const verified = await owner.post("/auth/verify-otp", { email: input.email, otp: codeFrom(latest?.text ?? "") });
    expect(verified.status).toBe(200);
  });

  it("wrong verification codes from elsewhere do not stop the signed-in browser from verifying", async () => {
    const { input, api } = await registerAndSignIn({}, { verified: false });
    const [mail] = await waitForMail(input.email, 1, VERIFICATION_SUBJECT);
    const code = codeFrom(mail?.text ?? "");
    for (let guess = 0; guess < 10; guess++) {
      if (guess === 5) await client().post("/auth/resend-verification", { email: input.email });
      await client().post("/auth/verify-email", { email: input.email, code: wrongCode(code) });
    }
    expect((await client().post("/auth/verify-email", { email: input.email, code })).status).toBe(429);

    expect((await api.post("/auth/resend-verification", { email: input.email })).status).toBe(200);
    const [fresh] = await waitForMail(input.email, 3, VERIFICATION_SUBJECT);
    const verified = await api.post("/auth/verify-email", { email: input.email, code: codeFrom(fresh?.text ?? "") });
    expect(verified.status).toBe(200);
  });

  it("a stranger's request for a code neither replaces the one the owner's browser asked for nor may spend it", async () => {
    const { input, api } = await registerAndSignIn();
    const before = (await outbox(input.email)).filter((mail) => RESET_SUBJECT.test(mail.subject)).length;
    expect((await api.post("/auth/forgot-password", { email: input.email })).status).toBe(200);
    const [owners] = await waitForMail(input.email, before + 1, RESET_SUBJECT);
    const code = codeFrom(owners?.text ?? "");

    expect((await client().post("/auth/forgot-password", { email: input.email })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outbox(input.email)).filter((mail) => RESET_SUBJECT.test(mail.subject))).toHaveLength(before + 1);
    // Even the right digits from another browser do not spend the owner's code.
    expect((await client().post("/auth/verify-otp", { email: input.email, otp: code })).status).toBe(400);
    expect((await api.post("/auth/verify-otp", { email: input.email, otp: code })).status).toBe(200);
  });

  it("a known browser has its own daily allowance of wrong codes", async () => {
    const { input, api } = await registerAndSignIn();
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      const before = (await outbox(input.email)).filter((mail) => RESET_SUBJECT.test(mail.subject)).length;
      expect((await api.post("/auth/forgot-password", { email: input.email })).status).toBe(200);
      const [latest] = await waitForMail(input.email, before + 1, RESET_SUBJECT);
      const code = codeFrom(latest?.text ?? "");
      for (let guess = 0; guess < 5; guess++) {
        statuses.push((await api.post("/auth/verify-otp", { email: input.email, otp: wrongCode(code) })).status);
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 400, 400, 429]);
  });
});

describe("plan changes", () => {
  async function buy(api: Client, plan: string) {
    const { authorization_url, reference } = await initialize(api, plan);
    await pressCheckout(authorization_url, "pay");
    expect((await processPay(api, reference)).status).toBe(200);
  }
  const me = async (api: Client) =>
    ((await (await api.get("/auth/me")).json()) as { data: { plan: string; subscription_expires_at: string } }).data;
  const DAY = 24 * 3600 * 1000;

  it("Monthly cannot be bought during Yearly, and a Monthly order paid late extends Yearly instead", async () => {
    const { api } = await registerAndSignIn();
    const early = await initialize(api, "monthly");
    await buy(api, "yearly");
    const yearly = await me(api);
    expect(yearly.plan).toBe("yearly");

    const refused = await api.post("/api/payments/initialize", { plan: "monthly" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: "plan_downgrade",
      message: `Your Yearly plan is active until ${formatBillingDate(yearly.subscription_expires_at)}. You can buy Monthly once it ends.`,
    });

    await pressCheckout(early.authorization_url, "pay");
    expect((await processPay(api, early.reference)).status).toBe(200);
    const after = await me(api);
    expect(after.plan).toBe("yearly");
    const added = Date.parse(after.subscription_expires_at) - Date.parse(yearly.subscription_expires_at);
    expect(added).toBeGreaterThan(27 * DAY);
    expect(added).toBeLessThan(32 * DAY);
  });

  it("Yearly bought during Monthly starts now and keeps the unused Monthly days", async () => {
    const { api } = await registerAndSignIn();
    await buy(api, "monthly");
    const monthly = await me(api);
    await buy(api, "yearly");
    const yearly = await me(api);
    expect(yearly.plan).toBe("yearly");
    const added = Date.parse(yearly.subscription_expires_at) - Date.parse(monthly.subscription_expires_at);
    expect(added).toBeGreaterThan(364 * DAY);
    expect(added).toBeLessThan(367 * DAY);
  });
});

describe("the sandbox off this machine", () => {
  const at = (origin: string, path: string) => exports.default.fetch(new Request(`${origin}${path}`));

  it("answers only on loopback hosts", async () => {
    for (const origin of ["http://localhost:8787", "http://127.0.0.1", "http://127.8.9.10:3000", "http://[::1]:8787"]) {
      expect((await at(origin, "/__sandbox")).status, origin).toBe(200);
    }
  });

  it("elsewhere every /__sandbox path is 404 and the Worker refuses to run", async () => {
    for (const origin of ["https://staging.vox.ng", "http://10.0.0.5:8787", "http://localhost.evil.ng"]) {
      for (const path of [
        "/__sandbox",
        "/__sandbox/",
        "/__sandbox/mail/messages?to=a@b.ng",
        "/__sandbox/paystack/checkout/x",
      ]) {
        const response = await at(origin, path);
        expect(response.status, `${origin}${path}`).toBe(404);
        expect(await response.json()).toMatchObject({ code: "not_found" });
      }
      const health = await at(origin, "/api/health");
      expect(health.status, origin).toBe(503);
      expect(await health.json()).toMatchObject({ code: "misconfigured" });
    }
  });
});

describe("deleting an account erases its resumable uploads and sentiment reports", () => {
  it("aborts an unfinished upload, deletes its trailing bytes, the kept report and every stored row", async () => {
    const before = await allKeys();
    const { api, token, input, user } = await registerAndSignIn();
    const tus = { "tus-resumable": "1.0.0", authorization: `Bearer ${token}` };
    const createdUpload = await call("/api/uploads", {
      method: "POST",
      headers: {
        ...tus,
        "upload-length": "12000000",
        "upload-metadata": `filename ${btoa("town-hall.mp3")},filetype ${btoa("audio/mpeg")}`,
      },
    });
    expect(createdUpload.status).toBe(201);
    const location = createdUpload.headers.get("location") ?? "";
    const patched = await call(location, {
      method: "PATCH",
      headers: { ...tus, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: new Uint8Array(6_000_000).fill(3),
    });
    expect(patched.status).toBe(204);
    const upload = await env.DB.prepare("SELECT r2_key FROM uploads WHERE user_id = ?")
      .bind(user.id)
      .first<{ r2_key: string }>();
    expect(await env.AUDIO.head(`${upload?.r2_key}.tail`)).not.toBeNull();

    const analysed = await uploadFile(
      "/api/sentiment",
      token,
      "file",
      new Blob([speechWav(8)], { type: "audio/wav" }),
      "b.wav",
    );
    expect(analysed.status).toBe(200);
    const report = await env.DB.prepare("SELECT result_key AS report_key FROM jobs WHERE user_id = ?")
      .bind(user.id)
      .first<{ report_key: string }>();
    expect(await env.AUDIO.head(report?.report_key ?? "")).not.toBeNull();

    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);

    expect(await env.AUDIO.head(`${upload?.r2_key}.tail`)).toBeNull();
    expect(await env.AUDIO.head(report?.report_key ?? "")).toBeNull();
    expect(await leftOf(user.id, before)).toEqual([]);
    const rows = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM uploads WHERE user_id = ?1) + (SELECT COUNT(*) FROM jobs WHERE user_id = ?1) AS n",
    )
      .bind(user.id)
      .first<number>("n");
    expect(rows).toBe(0);
  });
});
