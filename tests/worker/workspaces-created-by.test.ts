/// <reference types="vite/client" />
import { env } from "cloudflare:test";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { accountFilesLinksSchema } from "../../worker/accounts/contracts/account-files-links.ts";
import migration from "../../worker/migrations/0047_created_by.sql?raw";
import { WORKSPACE_HEADER } from "../../worker/workspaces/contracts/workspaces.ts";
import { speechWav } from "../fixtures/speech-wav.ts";
import { call, registerAndSignIn, tusUpload } from "./helpers.ts";
import { asMember, type Person, team } from "./workspace-helpers.ts";

/** Who made each row of work (migration 0047), and the data download's work in others' workspaces. */

interface Made {
  workspace: { id: string; name: string };
  press_releases: { id: string; kind: string; file?: string }[];
  reports: { id: string; kind: string; file?: string }[];
  recordings: { id: string; file?: string }[];
  live_transcripts: { id: string }[];
  speech: { id: string; file?: string }[];
}
interface Download {
  jobs: { id: string }[];
  uploads: { id: string }[];
  created_in_other_workspaces: Made[];
}

const download = async (person: Person) => {
  const response = await asMember(person)("/api/account/export");
  expect(response.status).toBe(200);
  return (await response.json()) as Download;
};

/** A report made on the spot by `person` in `workspace`; answers its id. */
async function reportIn(person: Person, workspace: string): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([speechWav(8)], { type: "audio/wav" }), "briefing.wav");
  const response = await call("/api/sentiment", {
    method: "POST",
    headers: { authorization: `Bearer ${person.token}`, [WORKSPACE_HEADER]: workspace },
    body: form,
  });
  expect(response.status).toBe(200);
  return response.headers.get("location")?.split("/").pop() ?? "";
}

describe("work a member makes in someone else's workspace", () => {
  it("is in the member's data download under that workspace, and still in the owner's as the owner's work", async () => {
    const { owner, editor, workspace } = await team();
    const recording = await tusUpload(editor.token, speechWav(12), "audio/wav", true, {
      [WORKSPACE_HEADER]: workspace,
    });
    const started = await asMember(editor, workspace)("/api/press-releases", {
      method: "POST",
      body: JSON.stringify({ upload_id: recording, language: "en" }),
    });
    expect(started.status).toBe(202);
    const release = ((await started.json()) as { id: string }).id;
    const report = await reportIn(editor, workspace);

    for (const [table, id] of [
      ["jobs", release],
      ["jobs", report],
      ["uploads", recording],
    ] as const) {
      const row = await env.DB.prepare(`SELECT user_id, created_by FROM ${table} WHERE id = ?`).bind(id).first();
      expect(row, table).toEqual({ user_id: workspace, created_by: editor.user.id });
    }

    const mine = await download(editor);
    expect(mine.created_in_other_workspaces).toHaveLength(1);
    const [made] = mine.created_in_other_workspaces;
    expect(made?.workspace).toEqual({ id: workspace, name: "Harmattan PR" });
    expect(made?.press_releases.map((job) => [job.id, job.kind])).toEqual([[release, "press_release"]]);
    expect(made?.reports.map((job) => [job.id, job.kind])).toEqual([[report, "sentiment"]]);
    expect(made?.recordings.map((upload) => upload.id)).toEqual([recording]);
    expect(made?.live_transcripts).toEqual([]);
    expect(made?.speech).toEqual([]);
    // Each names its file in the member's zip, under the workspace's folder; the release shares the recording's.
    const folder = `other-workspaces/harmattan-pr-${workspace.slice(0, 8)}`;
    expect(made?.recordings.map((upload) => upload.file)).toEqual([`${folder}/uploads/${recording}-town-hall.wav`]);
    expect(made?.press_releases.map((job) => job.file)).toEqual([`${folder}/uploads/${recording}-town-hall.wav`]);
    expect(made?.reports.map((job) => job.file)).toEqual([`${folder}/recordings/${report}-briefing.wav`]);
    // Their own workspace's work does not hold it.
    expect(mine.jobs.map((job) => job.id)).not.toContain(release);
    expect(mine.uploads.map((upload) => upload.id)).not.toContain(recording);

    const theirs = await download(owner);
    expect(theirs.jobs.map((job) => job.id)).toEqual(expect.arrayContaining([release, report]));
    expect(theirs.uploads.map((upload) => upload.id)).toContain(recording);
    expect(theirs.created_in_other_workspaces).toEqual([]);
  });

  it("is no longer in the download of a member the workspace removed, and is still in the owner's", async () => {
    const { owner, editor, workspace } = await team();
    const report = await reportIn(editor, workspace);
    expect((await download(editor)).created_in_other_workspaces.map((made) => made.workspace.id)).toEqual([workspace]);

    const removed = await asMember(owner)(`/api/workspace/members/${editor.user.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect((await download(editor)).created_in_other_workspaces).toEqual([]);
    expect((await download(owner)).jobs.map((job) => job.id)).toContain(report);
  });

  it("a person who made nothing in another workspace gets an empty list", async () => {
    const { viewer, workspace } = await team();
    const own = await registerAndSignIn();
    await reportIn(own, own.user.id);
    expect((await download(viewer)).created_in_other_workspaces).toEqual([]);
    expect((await download(own)).created_in_other_workspaces).toEqual([]);
    expect(workspace).not.toBe(viewer.user.id);
  });
});

/** The person's files download, each file's bytes by its path in the zip. */
async function filesOf(person: Person): Promise<Record<string, Uint8Array>> {
  const response = await asMember(person)("/api/account/export/files");
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

const stored = async (key: string) => new Uint8Array((await (await env.AUDIO.get(key))?.arrayBuffer()) ?? []);

/** A speech history item made by `person` in `workspace`, of the object at `key` (stored when new). */
async function speechBy(person: Person, workspace: string, key: string, data: Uint8Array, at: string) {
  await env.AUDIO.put(key, data);
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO audio_items (id, user_id, kind, voice_id, text_excerpt, characters, bytes, r2_key, created_at,
       created_by)
     VALUES (?, ?, 'tts', 'voice', 'Said', 4, ?, ?, ?, ?)`,
  )
    .bind(id, workspace, data.length, key, at, person.user.id)
    .run();
  return id;
}

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 17 + seed) % 256);

describe("the files download of work a member makes in someone else's workspace", () => {
  it("gives the member its audio under that workspace's folder, byte for byte, and none of another member's", async () => {
    const { owner, editor, workspace } = await team();
    const folder = `other-workspaces/harmattan-pr-${workspace.slice(0, 8)}`;
    const upload = bytes(30_000, 1);
    const recording = await tusUpload(editor.token, upload, "audio/wav", true, { [WORKSPACE_HEADER]: workspace });
    const report = await reportIn(editor, workspace);
    const speechKey = `tts/${workspace}/${crypto.randomUUID()}.mp3`;
    const speech = bytes(4000, 2);
    const firstSpeech = await speechBy(editor, workspace, speechKey, speech, "2026-03-01T09:00:00.000Z");
    await speechBy(editor, workspace, speechKey, speech, "2026-03-02T09:00:00.000Z");

    // The owner's recording, which the editor made a press release from, and the owner's speech.
    const ownersUpload = bytes(20_000, 3);
    const ownersRecording = await tusUpload(owner.token, ownersUpload);
    const started = await asMember(editor, workspace)("/api/press-releases", {
      method: "POST",
      body: JSON.stringify({ upload_id: ownersRecording, language: "en" }),
    });
    expect(started.status).toBe(202);
    await speechBy(
      owner,
      workspace,
      `tts/${workspace}/${crypto.randomUUID()}.mp3`,
      bytes(2000, 4),
      new Date().toISOString(),
    );
    // Someone else's workspace, with the same kinds of work.
    const stranger = await registerAndSignIn();
    await reportIn(stranger, stranger.user.id);

    const mine = await filesOf(editor);
    const keyOf = async (table: string, id: string) =>
      (await env.DB.prepare(`SELECT r2_key FROM ${table} WHERE id = ?`).bind(id).first<string>("r2_key")) ?? "";
    expect(Object.keys(mine).sort()).toEqual(
      [
        `${folder}/uploads/${recording}-town-hall.wav`,
        `${folder}/recordings/${report}-briefing.wav`,
        `${folder}/speech/2026-03-01-${firstSpeech}.mp3`,
      ].sort(),
    );
    expect(mine[`${folder}/uploads/${recording}-town-hall.wav`]).toEqual(upload);
    expect(mine[`${folder}/uploads/${recording}-town-hall.wav`]).toEqual(
      await stored(await keyOf("uploads", recording)),
    );
    expect(mine[`${folder}/recordings/${report}-briefing.wav`]).toEqual(await stored(await keyOf("jobs", report)));
    expect(mine[`${folder}/speech/2026-03-01-${firstSpeech}.mp3`]).toEqual(speech);
    // The JSON names the same files, and none for the release made from the owner's recording.
    const [made] = (await download(editor)).created_in_other_workspaces;
    const named = [made?.recordings, made?.reports, made?.speech, made?.press_releases].flatMap((rows) =>
      (rows ?? []).map((row) => row.file),
    );
    expect(new Set(named)).toEqual(new Set([...Object.keys(mine), undefined]));
    expect(made?.press_releases.map((job) => job.file)).toEqual([undefined]);

    // The links count the same files: the editor's own workspace has none, and the link still opens them.
    const links = await asMember(editor)("/api/account/export/files/links", { method: "POST" });
    expect(links.status).toBe(200);
    const [link] = accountFilesLinksSchema.parse(await links.json()).files;
    const linked = await call(new URL(link?.url ?? "").pathname);
    expect(Object.keys(unzipSync(new Uint8Array(await linked.arrayBuffer()))).sort()).toEqual(Object.keys(mine).sort());

    // The owner's download has the same files as the workspace's own, and nothing under another's folder.
    const theirs = await filesOf(owner);
    expect(theirs[`uploads/${recording}-town-hall.wav`]).toEqual(upload);
    expect(theirs[`recordings/${report}-briefing.wav`]).toEqual(mine[`${folder}/recordings/${report}-briefing.wav`]);
    expect(theirs[`speech/2026-03-01-${firstSpeech}.mp3`]).toEqual(speech);
    expect(theirs[`uploads/${ownersRecording}-town-hall.wav`]).toEqual(ownersUpload);
    expect(Object.keys(theirs).filter((path) => path.startsWith("other-workspaces/"))).toEqual([]);
  });

  it("stops giving it once the member is removed", async () => {
    const { owner, editor, workspace } = await team();
    const report = await reportIn(editor, workspace);
    const folder = `other-workspaces/harmattan-pr-${workspace.slice(0, 8)}`;
    expect(Object.keys(await filesOf(editor))).toEqual([`${folder}/recordings/${report}-briefing.wav`]);

    const removed = await asMember(owner)(`/api/workspace/members/${editor.user.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await filesOf(editor)).toEqual({});
    const links = await asMember(editor)("/api/account/export/files/links", { method: "POST" });
    expect(links.status).toBe(404);
    // The work stays the workspace's.
    expect(Object.keys(await filesOf(owner))).toContain(`recordings/${report}-briefing.wav`);
  });
});

describe("migration 0047", () => {
  it("the backfill names each old row's account as its maker", async () => {
    const { user } = await registerAndSignIn();
    const at = "2025-03-01T09:00:00.000Z";
    const ids = {
      jobs: crypto.randomUUID(),
      uploads: crypto.randomUUID(),
      live: crypto.randomUUID(),
      audio: crypto.randomUUID(),
    };
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO jobs (id, user_id, kind, file_name, content_type, bytes, status, created_at, updated_at)
         VALUES (?, ?, 'sentiment', 'old.wav', 'audio/wav', 10, 'completed', ?, ?)`,
      ).bind(ids.jobs, user.id, at, at),
      env.DB.prepare(
        `INSERT INTO uploads (id, user_id, file_name, content_type, length, metadata, r2_key, multipart_id, part_size,
           status, expires_at, created_at)
         VALUES (?, ?, 'old.wav', 'audio/wav', 10, '', ?, 'm', 5242880, 'complete', ?, ?)`,
      ).bind(ids.uploads, user.id, `uploads/${ids.uploads}`, at, at),
      env.DB.prepare(
        `INSERT INTO live_sessions (id, user_id, resume_token_hash, status, started_at, alive_at)
         VALUES (?, ?, ?, 'ended', ?, ?)`,
      ).bind(ids.live, user.id, crypto.randomUUID(), at, at),
      env.DB.prepare(
        `INSERT INTO audio_items (id, user_id, kind, voice_id, text_excerpt, characters, bytes, r2_key, created_at)
         VALUES (?, ?, 'tts', 'voice', 'Old', 3, 10, ?, ?)`,
      ).bind(ids.audio, user.id, `tts/${user.id}/old.mp3`, at),
    ]);
    const made = [
      ["jobs", ids.jobs],
      ["uploads", ids.uploads],
      ["live_sessions", ids.live],
      ["audio_items", ids.audio],
    ] as const;
    for (const [table, id] of made) {
      expect(
        await env.DB.prepare(`SELECT created_by FROM ${table} WHERE id = ?`).bind(id).first("created_by"),
      ).toBeNull();
      // The migration's own statement, kept to this row (every other row already has its maker).
      const backfill = new RegExp(`UPDATE ${table} SET created_by = user_id`).exec(migration)?.[0];
      expect(backfill, table).toBeDefined();
      await env.DB.prepare(`${backfill} WHERE id = ?`).bind(id).run();
      expect(await env.DB.prepare(`SELECT created_by FROM ${table} WHERE id = ?`).bind(id).first("created_by")).toBe(
        user.id,
      );
    }
  });
});
