import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GRANT_CAPS, GRANT_RATE_LIMITS } from "../../worker/core/rate-limit.ts";
import { signedMediaUrl } from "../../worker/recordings/uploads/media-url.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { type Client, call, ORIGIN, registerAndSignIn, resetPassword, tusUpload } from "./helpers.ts";

/**
 * Download links and player URLs are capabilities: whoever holds one opens the files without the
 * session. A password reset or change ends them with the sessions; a job's URL for its speech
 * provider is never handed to a browser, so it lives on and the running job finishes.
 */

const authed = (token: string) => ({ authorization: `Bearer ${token}` });

/** An account with one recording: a report job on a finished upload. */
async function withRecording() {
  const account = await registerAndSignIn();
  const upload_id = await tusUpload(account.token, speechWav(2));
  const started = await call("/api/sentiment", {
    method: "POST",
    headers: { ...authed(account.token), "content-type": "application/json" },
    body: JSON.stringify({ upload_id }),
  });
  expect(started.status).toBe(202);
  const jobId = ((await started.json()) as { id: string }).id;
  return { ...account, jobId };
}

async function playerUrl(token: string, jobId: string): Promise<Response> {
  return call(`/api/sentiment/${jobId}/audio/url`, { method: "POST", headers: authed(token) });
}

async function playerPath(token: string, jobId: string): Promise<string> {
  const granted = await playerUrl(token, jobId);
  expect(granted.status).toBe(200);
  return new URL(((await granted.json()) as { url: string }).url).pathname;
}

async function filesLinkPath(api: Client): Promise<string> {
  const response = await api.post("/api/account/export/files/links", {});
  expect(response.status).toBe(200);
  const { files } = (await response.json()) as { files: { url: string }[] };
  return new URL(files[0]?.url ?? "").pathname;
}

/** A job's URL for its speech provider, as the pipeline mints it. */
async function providerPath(jobId: string): Promise<string> {
  const job = await env.DB.prepare("SELECT r2_key, content_type FROM jobs WHERE id = ?")
    .bind(jobId)
    .first<{ r2_key: string; content_type: string }>();
  return new URL(await signedMediaUrl(env.DB, ORIGIN, job?.r2_key ?? "", job?.content_type ?? "")).pathname;
}

/** Opens a capability without a session, reading the answer through. */
async function opens(path: string): Promise<number> {
  const response = await call(path, { headers: { range: "bytes=0-99" } });
  await response.arrayBuffer();
  return response.status;
}

describe("signing out everywhere ends the account's links", () => {
  it("a password reset revokes the download links and player URLs; a job's provider URL still opens", async () => {
    const { api, token, jobId, input } = await withRecording();
    const player = await playerPath(token, jobId);
    const files = await filesLinkPath(api);
    const provider = await providerPath(jobId);
    expect(await opens(player)).toBe(206);
    expect(await opens(files)).toBe(200);

    await resetPassword(input.email);

    expect(await opens(player), "player URL").toBe(404);
    expect(await opens(files), "download link").toBe(404);
    expect(await opens(provider), "provider URL").toBe(206);
  }, 30_000);

  it("a password change revokes them too; the changer's session goes on and can ask for new ones", async () => {
    const { api, token, jobId, input } = await withRecording();
    const player = await playerPath(token, jobId);
    const files = await filesLinkPath(api);
    const password = "another password 7";
    const changed = await api.post("/auth/change-password", {
      current_password: input.password,
      password,
      password_confirmation: password,
    });
    expect(changed.status).toBe(200);

    expect(await opens(player), "player URL").toBe(404);
    expect(await opens(files), "download link").toBe(404);
    expect(await opens(await playerPath(token, jobId))).toBe(206);
  }, 30_000);
});

describe("minting links is bounded per account", () => {
  it(`player URLs: ${GRANT_RATE_LIMITS.playerUrl.limit} per ${GRANT_RATE_LIMITS.playerUrl.windowSeconds} s, at most ${GRANT_CAPS.playerUrls} open (the oldest is revoked)`, async () => {
    const { token, jobId } = await withRecording();
    const first = await playerPath(token, jobId);
    for (let i = 1; i < GRANT_RATE_LIMITS.playerUrl.limit; i++)
      expect((await playerUrl(token, jobId)).status).toBe(200);
    const refused = await playerUrl(token, jobId);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await opens(first), "the oldest URL").toBe(404);
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM media_grants WHERE r2_key = (SELECT r2_key FROM jobs WHERE id = ?) AND user_id IS NOT NULL",
    )
      .bind(jobId)
      .first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(GRANT_CAPS.playerUrls);
  }, 60_000);

  it(`download links: ${GRANT_RATE_LIMITS.filesLink.limit} per ${GRANT_RATE_LIMITS.filesLink.windowSeconds} s, at most ${GRANT_CAPS.filesLinks} open (the oldest is revoked)`, async () => {
    const { api, user } = await withRecording();
    const first = await filesLinkPath(api);
    for (let i = 1; i < GRANT_RATE_LIMITS.filesLink.limit; i++) await filesLinkPath(api);
    const refused = await api.post("/api/account/export/files/links", {});
    expect(refused.status).toBe(429);
    expect(await opens(first), "the oldest link").toBe(404);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM download_grants WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>()) ?? { n: 0 };
    expect(n).toBe(GRANT_CAPS.filesLinks);
  }, 30_000);
});
