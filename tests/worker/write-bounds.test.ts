import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { KEPT_DEVICES } from "../../worker/accounts/devices.ts";
import { KEPT_SESSIONS } from "../../worker/accounts/sessions.ts";
import { WRITE_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { LISTED_TRANSCRIPTS } from "../../worker/live/transcripts.ts";
import { LISTED_RECORDINGS } from "../../worker/recordings/store.ts";
import { call, client, registerAndSignIn } from "./helpers.ts";

/** Uses up `write`'s hourly allowance of the user, as that many requests would. */
async function useUp(write: keyof typeof WRITE_RATE_LIMITS, userId: string) {
  const { limit, windowSeconds } = WRITE_RATE_LIMITS[write];
  const limiter = env.RATE_LIMITER.getByName(`${write}:user:${userId}`);
  for (let i = 0; i < limit; i++) await limiter.hit(limit, windowSeconds);
}

const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();

async function liveSession(userId: string, i = 0): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO live_sessions (id, user_id, resume_token_hash, title, status, audio_seconds, started_at, alive_at, ended_at)
     VALUES (?, ?, 'hash', ?, 'ended', 12, ?, ?, ?)`,
  )
    .bind(id, userId, `Session ${i}`, at(i), at(i), at(i))
    .run();
  return id;
}

describe("writes no plan quota counts are limited per user and hour", () => {
  it(`starting a checkout (an order row and a Paystack call): ${WRITE_RATE_LIMITS.checkout.limit} an hour, then 429`, async () => {
    const { api, user } = await registerAndSignIn();
    await useUp("checkout", user.id);
    const refused = await api.post("/api/payments/initialize", { plan: "monthly" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(orders?.n).toBe(0);
    const other = await registerAndSignIn();
    expect((await other.api.post("/api/payments/initialize", { plan: "monthly" })).status).toBe(200);
  });

  it(`revoking a caption link (each lets one more link row be made): ${WRITE_RATE_LIMITS.captionRevoke.limit} an hour, then 429`, async () => {
    const { api, user, token } = await registerAndSignIn();
    const session = await liveSession(user.id);
    const share = `/api/live/sessions/${session}/share`;
    expect((await api.post(share, {})).status).toBe(201);
    await useUp("captionRevoke", user.id);
    const refused = await call(share, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    // The link is still the one link: refusing the revocation made no room for another.
    expect((await api.post(share, {})).status).toBe(200);
    const links = await env.DB.prepare("SELECT COUNT(*) AS n FROM caption_shares WHERE session_id = ?")
      .bind(session)
      .first<{ n: number }>();
    expect(links?.n).toBe(1);
  });
});

describe("sign-ins are capped per account", () => {
  it(`a sign-in keeps the newest ${KEPT_SESSIONS} sessions and ${KEPT_DEVICES} known browsers, ending the oldest`, async () => {
    const { input, user, token } = await registerAndSignIn();
    await env.DB.batch(
      Array.from({ length: 60 }, (_, i) => [
        env.DB.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").bind(
          `old-session-${i}`,
          user.id,
          at(i),
          at(10_000_000),
        ),
        env.DB.prepare(
          "INSERT INTO known_devices (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
        ).bind(`old-device-${i}`, user.id, at(i), at(10_000_000)),
      ]).flat(),
    );
    const signin = await client().post("/auth/signin", { email: input.email, password: input.password });
    expect(signin.status).toBe(200);
    const count = async (table: string) =>
      (
        await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`)
          .bind(user.id)
          .first<{ n: number }>()
      )?.n;
    expect(await count("sessions")).toBe(KEPT_SESSIONS);
    expect(await count("known_devices")).toBe(KEPT_DEVICES);
    // The sessions in use are the newest: the one just made and the one signed in before still work.
    const { token: fresh } = (await signin.json()) as { token: string };
    for (const bearer of [fresh, token]) {
      expect((await call("/auth/me", { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(200);
    }
  });
});

describe("list answers are capped", () => {
  it(`the saved live transcripts list the newest ${LISTED_TRANSCRIPTS}`, async () => {
    const { api, user } = await registerAndSignIn();
    for (let i = 0; i < LISTED_TRANSCRIPTS + 5; i++) await liveSession(user.id, i);
    const response = await api.get("/api/live/transcripts");
    expect(response.status).toBe(200);
    const { transcripts } = (await response.json()) as { transcripts: { title: string }[] };
    expect(transcripts).toHaveLength(LISTED_TRANSCRIPTS);
    expect(transcripts[0]?.title).toBe(`Session ${LISTED_TRANSCRIPTS + 4}`);
    expect(transcripts.at(-1)?.title).toBe("Session 5");
  });

  it(`the recordings list the newest ${LISTED_RECORDINGS}`, async () => {
    const { api, user } = await registerAndSignIn();
    await env.DB.batch(
      Array.from({ length: LISTED_RECORDINGS + 5 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO uploads (id, user_id, file_name, content_type, length, offset, metadata, r2_key, multipart_id,
                                part_size, status, expires_at, created_at)
           VALUES (?, ?, ?, 'audio/wav', 10, 10, '{}', ?, '', 0, 'complete', ?, ?)`,
        ).bind(crypto.randomUUID(), user.id, `take-${i}.wav`, `uploads/${user.id}/${i}`, at(10_000), at(i)),
      ),
    );
    const response = await api.get("/api/recordings");
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: { file_name: string }[] };
    expect(items).toHaveLength(LISTED_RECORDINGS);
    expect(items[0]?.file_name).toBe(`take-${LISTED_RECORDINGS + 4}.wav`);
  });
});

describe("sign-ins that have ended are not kept", () => {
  it("the scheduled run deletes expired sessions and known browsers, and keeps those still valid", async () => {
    const { user, api } = await registerAndSignIn();
    const past = new Date(Date.now() - 60_000).toISOString();
    await env.DB.batch(
      ["sessions", "known_devices"].map((table) =>
        env.DB.prepare(`INSERT INTO ${table} (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`).bind(
          `expired-${table}-${user.id}`,
          user.id,
          at(1),
          past,
        ),
      ),
    );
    expect((await call("/__sandbox/scheduled", { method: "POST" })).status).toBe(200);
    for (const table of ["sessions", "known_devices"]) {
      const rows = await env.DB.prepare(`SELECT token_hash, expires_at FROM ${table} WHERE user_id = ?`)
        .bind(user.id)
        .all<{ token_hash: string; expires_at: string }>();
      expect(rows.results.map((row) => row.token_hash)).not.toContain(`expired-${table}-${user.id}`);
      expect(rows.results.every((row) => row.expires_at > past)).toBe(true);
    }
    // The session in use is still there.
    expect((await api.get("/auth/me")).status).toBe(200);
  });
});
