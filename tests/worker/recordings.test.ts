import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { pressReleaseListSchema, pressReleaseSchema } from "../../worker/press-releases/contracts/press-releases.ts";
import { releaseHeadline } from "../../worker/press-releases/contracts/release-markdown.ts";
import { deletedRecordingSchema, recordingListSchema } from "../../worker/recordings/contracts/recordings.ts";
import { sentimentJobListSchema, sentimentJobSchema } from "../../worker/reports/contracts/sentiment.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, tusUpload } from "./helpers.ts";
import { settled } from "./jobs.ts";

const authed = (token: string, method = "GET") => ({ method, headers: { authorization: `Bearer ${token}` } });
const postJson = (path: string, token: string, body: unknown) =>
  call(path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function start(path: string, token: string, uploadId: string): Promise<string> {
  const response = await postJson(path, token, { upload_id: uploadId });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

const recordings = async (token: string) =>
  recordingListSchema.parse(await (await call("/api/recordings", authed(token))).json());

describe("recordings: one upload, every tool", { timeout: 90_000 }, () => {
  it("one upload makes a release and a report, reading the same object, counted once", async () => {
    const { token } = await registerAndSignIn();
    const audio = speechWav(12);
    const uploadId = await tusUpload(token, audio);
    const releaseId = await start("/api/press-releases", token, uploadId);
    const reportId = await start("/api/sentiment", token, uploadId);
    const release = pressReleaseSchema.parse(await settled(`/api/press-releases/${releaseId}`, token));
    const report = sentimentJobSchema.parse(await settled(`/api/sentiment/${reportId}`, token));
    expect(release.status).toBe("completed");
    expect(report).toMatchObject({ status: "completed", recording_kept: true, bytes: audio.length });

    const key = `uploads/${uploadId}`;
    const keys = await env.DB.prepare("SELECT r2_key FROM jobs WHERE id IN (?, ?)")
      .bind(releaseId, reportId)
      .all<{ r2_key: string }>();
    expect(keys.results.map((row) => row.r2_key)).toEqual([key, key]);
    const stored = await env.AUDIO.list({ prefix: "uploads/" });
    expect(stored.objects.filter((object) => object.key.startsWith(key))).toHaveLength(1);

    const list = await recordings(token);
    expect(list.storage.used_bytes).toBe(audio.length);
    const releases = pressReleaseListSchema.parse(await (await call("/api/press-releases", authed(token))).json());
    expect(releases.storage.used_bytes).toBe(audio.length);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: uploadId,
      file_name: "town-hall.wav",
      bytes: audio.length,
      content_type: "audio/wav",
    });
    const headline = releaseHeadline(release.text ?? "");
    expect(headline.length).toBeGreaterThan(5);
    expect(list.items[0]?.used_by).toEqual([
      { kind: "sentiment", id: reportId, title: null, file_name: "town-hall.wav", status: "completed" },
      { kind: "press_release", id: releaseId, title: headline, file_name: "town-hall.wav", status: "completed" },
    ]);
  });

  it("the same upload serves several jobs at once", async () => {
    const { token } = await registerAndSignIn();
    const uploadId = await tusUpload(token, speechWav(6));
    const ids = await Promise.all([
      start("/api/sentiment", token, uploadId),
      start("/api/sentiment", token, uploadId),
      start("/api/press-releases", token, uploadId),
      start("/api/press-releases", token, uploadId),
    ]);
    expect(new Set(ids).size).toBe(4);
    const [a, b] = await Promise.all(
      ids.slice(0, 2).map(async (id) => sentimentJobSchema.parse(await settled(`/api/sentiment/${id}`, token))),
    );
    expect(a?.status).toBe("completed");
    expect(a?.report?.results).toEqual(b?.report?.results);
    for (const id of ids.slice(2)) {
      expect(pressReleaseSchema.parse(await settled(`/api/press-releases/${id}`, token)).status).toBe("completed");
    }
    expect((await recordings(token)).items[0]?.used_by.map((use) => use.id).sort()).toEqual([...ids].sort());
  });

  it("deleting a job leaves the recording; deleting the recording says what used it and keeps their results", async () => {
    const { token } = await registerAndSignIn();
    const audio = speechWav(8);
    const uploadId = await tusUpload(token, audio);
    const key = `uploads/${uploadId}`;
    const first = await start("/api/press-releases", token, uploadId);
    await settled(`/api/press-releases/${first}`, token);
    expect((await call(`/api/press-releases/${first}`, authed(token, "DELETE"))).status).toBe(200);
    expect(await env.AUDIO.head(key)).not.toBeNull();
    expect((await recordings(token)).items[0]?.used_by).toEqual([]);

    const releaseId = await start("/api/press-releases", token, uploadId);
    const reportId = await start("/api/sentiment", token, uploadId);
    const release = pressReleaseSchema.parse(await settled(`/api/press-releases/${releaseId}`, token));
    await settled(`/api/sentiment/${reportId}`, token);

    // A job still running on it may be reading the object: refused until it has finished.
    await env.DB.prepare("UPDATE jobs SET status = 'processing' WHERE id = ?").bind(reportId).run();
    const busy = await call(`/api/recordings/${uploadId}`, authed(token, "DELETE"));
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ code: "recording_in_use", message: expect.stringMatching(/sentiment/) });
    const terminated = await call(`/api/uploads/${uploadId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" },
    });
    expect(terminated.status).toBe(409);
    expect(await env.AUDIO.head(key)).not.toBeNull();
    await env.DB.prepare("UPDATE jobs SET status = 'completed' WHERE id = ?").bind(reportId).run();

    const deleted = await call(`/api/recordings/${uploadId}`, authed(token, "DELETE"));
    expect(deleted.status).toBe(200);
    const answer = deletedRecordingSchema.parse(await deleted.json());
    expect(answer.used_by.map((use) => [use.kind, use.id]).sort()).toEqual(
      [
        ["press_release", releaseId],
        ["sentiment", reportId],
      ].sort(),
    );
    expect(await env.AUDIO.head(key)).toBeNull();
    expect((await recordings(token)).items).toEqual([]);
    expect((await recordings(token)).storage.used_bytes).toBe(0);

    const kept = pressReleaseSchema.parse(await (await call(`/api/press-releases/${releaseId}`, authed(token))).json());
    expect(kept.text).toBe(release.text);
    const report = sentimentJobSchema.parse(await (await call(`/api/sentiment/${reportId}`, authed(token))).json());
    expect(report).toMatchObject({ status: "completed", recording_kept: false });
    expect(report.report?.results.channels?.[0]?.alternatives[0]?.transcript.length).toBeGreaterThan(10);
    const listed = sentimentJobListSchema.parse(await (await call("/api/sentiment", authed(token))).json());
    expect(listed.items.find((item) => item.id === reportId)?.recording_kept).toBe(false);

    expect((await postJson("/api/sentiment", token, { upload_id: uploadId })).status).toBe(404);
    expect((await call(`/api/recordings/${uploadId}`, authed(token, "DELETE"))).status).toBe(404);
    // Deleting the jobs afterwards is clean: nothing of the recording is left to remove.
    expect((await call(`/api/sentiment/${reportId}`, authed(token, "DELETE"))).status).toBe(200);
    expect((await call(`/api/press-releases/${releaseId}`, authed(token, "DELETE"))).status).toBe(200);
  });

  it("lists only finished uploads, and one account never sees or deletes another's", async () => {
    const owner = await registerAndSignIn();
    const other = await registerAndSignIn();
    const uploadId = await tusUpload(owner.token, speechWav(2));
    await tusUpload(owner.token, speechWav(2), "audio/wav", false);
    expect((await recordings(owner.token)).items.map((item) => item.id)).toEqual([uploadId]);
    expect((await recordings(other.token)).items).toEqual([]);
    const theirs = await call(`/api/recordings/${uploadId}`, authed(other.token, "DELETE"));
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: "not_found" });
    expect((await call(`/api/recordings/not-an-id`, authed(owner.token, "DELETE"))).status).toBe(404);
    expect((await call("/api/recordings")).status).toBe(401);
    expect(await env.AUDIO.head(`uploads/${uploadId}`)).not.toBeNull();
  });

  it("erasing the account erases its recordings and what was made from them", async () => {
    const { api, token, input, user } = await registerAndSignIn();
    const uploadId = await tusUpload(token, speechWav(4));
    const unused = await tusUpload(token, speechWav(2));
    const reportId = await start("/api/sentiment", token, uploadId);
    await settled(`/api/sentiment/${reportId}`, token);
    expect((await api.post("/auth/delete-account", { password: input.password })).status).toBe(200);
    expect(await env.AUDIO.head(`uploads/${uploadId}`)).toBeNull();
    expect(await env.AUDIO.head(`uploads/${unused}`)).toBeNull();
    expect(await env.AUDIO.head(`sentiment-reports/${reportId}.json`)).toBeNull();
    const left = await env.DB.prepare(
      "SELECT (SELECT COUNT(*) FROM uploads WHERE user_id = ?1) + (SELECT COUNT(*) FROM jobs WHERE user_id = ?1) AS n",
    )
      .bind(user.id)
      .first<number>("n");
    expect(left).toBe(0);
  });
});
