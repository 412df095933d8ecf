import { invoicePagesOf } from "../../billing/invoices.ts";
import { ordersOf } from "../../billing/orders.ts";
import { subscriptionOf } from "../../billing/store.ts";
import { contactFromRow, contactsOf, suppressionsOf } from "../../contacts/store.ts";
import { batchRows, type Page, pagedRows, type RowsStatement, rowPages } from "../../core/d1.ts";
import { monthlyEmailsOf, recipientsOf, sendsOf } from "../../distribution/store.ts";
import { utterancesOfJob } from "../../jobs/job-transcripts.ts";
import {
  findJob,
  type JobRow,
  jobRowsMadeBy,
  jobRowsOf,
  newestJobsKeeping,
  workspacesWithJobsBy,
} from "../../jobs/store.ts";
import { jobCommonFields, speakerNamesOf } from "../../jobs/views.ts";
import { captionSharesOf } from "../../live/caption-shares.ts";
import { captionTranslationsOf } from "../../live/caption-translation.ts";
import { liveSegmentsOf, liveSessionsMadeBy, liveSessionsOf, workspacesWithLiveBy } from "../../live/transcripts.ts";
import { monthlyUsageOf } from "../../live/usage.ts";
import { releaseSlugFrom } from "../../newsroom/contracts/newsroom.ts";
import { publicationsOf } from "../../newsroom/publications.ts";
import {
  organisationRowOf,
  organisationViewFromRow,
  type SendingDomainRow,
  sendingDomainRowOf,
} from "../../organisation/store.ts";
import { parseVocabulary, preferencesRowOf } from "../../preferences/store.ts";
import {
  attachmentsOfUser,
  audioClipsOfUser,
  type ImageFileRow,
  imageFilesOfUser,
} from "../../press-releases/attachments.ts";
import { coverageOfUser } from "../../press-releases/coverage.ts";
import { keptHeadlines } from "../../press-releases/release-headlines.ts";
import { releaseVersionsOf } from "../../press-releases/release-versions.ts";
import { displayName } from "../../recordings/uploads/display-name.ts";
import {
  recordingsKeeping,
  type UploadRow,
  uploadsMadeBy,
  uploadsOf,
  workspacesWithUploadsBy,
} from "../../recordings/uploads/store.ts";
import { readReport } from "../../reports/sentiment-reports.ts";
import {
  type AudioItemRow,
  audioItemsMadeBy,
  audioItemsOf,
  firstItemsOfKeys,
  workspacesWithAudioBy,
} from "../../speech/store.ts";
import { membershipsOf } from "../../workspaces/store.ts";
import { knownDevicesOf } from "../devices.ts";
import { signInsOf } from "../sessions.ts";
import type { UserRow } from "../users.ts";
import { Deferred, jsonStream, StreamedArray } from "./json-stream.ts";
import { releaseImageFile, releaseImageFolder } from "./release-image-files.ts";
import { type StoredFile, zipParts } from "./zip.ts";

/** Rows read at a time from a table of small rows; text-heavy tables read fewer (below). */
const EXPORT_PAGE_ROWS = 100;
/** Jobs carry their release's text (up to 20,000 characters, and a copy in another language). */
const EXPORT_JOB_PAGE_ROWS = 20;
/** A release's versions are up to 20,000 characters each. */
const EXPORT_VERSION_PAGE_ROWS = 10;

/** A table of small rows, read a page at a time so the export holds one page however large the table. */
function pages<Row>(statement: (page: Page) => RowsStatement<Row>): AsyncGenerator<Row> {
  return pagedRows(statement, EXPORT_PAGE_ROWS);
}

async function* mapped<Row, Out>(rows: AsyncIterable<Row>, view: (row: Row) => Out): AsyncGenerator<Out> {
  for await (const row of rows) yield view(row);
}

/** The sending domain's row, its records as the list they are. */
function sendingDomainExport(row: SendingDomainRow | undefined) {
  if (!row) return null;
  const { user_id: _owner, records, ...rest } = row;
  return { ...rest, records: JSON.parse(records) as unknown };
}

/**
 * Everything an account holds, for the owner's data download (NDPA 2023 access and portability),
 * as JSON written while it is read: each table a page at a time (`EXPORT_*_PAGE_ROWS`) and each
 * stored report or transcript when the writer reaches it, so what the Worker holds is a page, one
 * report and a chunk of text (`JSON_STREAM_CHUNK_CHARS`) however large the account is.
 * Secrets stay out: the password hash, session and browser token hashes, the card authorization
 * Paystack charges renewals with, caption-link tokens and one-time codes.
 */
export async function accountExport(env: Env, user: UserRow, now = new Date()): Promise<ReadableStream<Uint8Array>> {
  const db = env.DB;
  // The rows of one each (and a month of live use a row) are read at once.
  const [preferenceRows, kitRows, subscriptions, usage, sendingDomains, emails] = await batchRows(db, [
    preferencesRowOf(db, user.id),
    organisationRowOf(db, user.id),
    subscriptionOf(db, user.id),
    monthlyUsageOf(db, user.id),
    sendingDomainRowOf(db, user.id),
    monthlyEmailsOf(db, user.id),
  ]);
  const memberships = await membershipsOf(db, user.id);
  const preference = preferenceRows[0];
  const subscription = subscriptions[0];

  return jsonStream({
    format: "vox-account-data",
    version: 1,
    exported_at: now.toISOString(),
    files_note:
      "Audio files and release images are in the separate zip (Settings › Account › Download my files); `file` gives each one's path in it.",
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone_number: user.phone_number,
      organization_name: user.organization_name,
      email_verified_at: user.email_verified_at,
      created_at: user.created_at,
      trial_ends_at: user.trial_ends_at,
      plan: user.plan,
      subscription_expires_at: user.subscription_expires_at,
    },
    preferences: {
      language: preference?.language ?? "en",
      vocabulary: parseVocabulary(preference?.vocabulary),
      updated_at: preference?.updated_at ?? null,
    },
    organisation: organisationViewFromRow(kitRows[0] ?? null),
    sending_domain: sendingDomainExport(sendingDomains[0]),
    // The workspaces the person belongs to (their own included), by name, with their role in each.
    workspaces: memberships.map((row) => ({ id: row.workspace_id, name: row.name, role: row.role })),
    contacts: new StreamedArray(
      mapped(
        pages((page) => contactsOf(db, user.id, page)),
        contactFromRow,
      ),
    ),
    contact_suppressions: new StreamedArray(pages((page) => suppressionsOf(db, user.id, page))),
    release_sends: new StreamedArray(
      mapped(
        pages((page) => sendsOf(db, user.id, page)),
        (send) => ({ ...send, tags: JSON.parse(send.tags) as string[] }),
      ),
    ),
    release_recipients: new StreamedArray(pages((page) => recipientsOf(db, user.id, page))),
    release_coverage: new StreamedArray(pages((page) => coverageOfUser(db, user.id, page))),
    release_attachments: new StreamedArray(releaseImages(db, user.id)),
    release_audio_clips: new StreamedArray(pages((page) => audioClipsOfUser(db, user.id, page))),
    newsroom_releases: new StreamedArray(pages((page) => publicationsOf(db, user.id, page))),
    speech_history: new StreamedArray(speechHistory(db, user.id, (page) => audioItemsOf(db, user.id, page), OWN_FILES)),
    jobs: new StreamedArray(jobsOf(env, user.id, (page) => jobRowsOf(db, user.id, page), OWN_FILES)),
    live_transcripts: new StreamedArray(
      mapped(
        pages((page) => liveSessionsOf(db, user.id, page)),
        (session) => liveTranscript(db, session),
      ),
    ),
    uploads: new StreamedArray(
      mapped(
        pages((page) => uploadsOf(db, user.id, page)),
        (upload) => uploadView(upload, OWN_FILES),
      ),
    ),
    // What the person made in the other workspaces they belong to; its files are in the zip by workspace.
    created_in_other_workspaces: new StreamedArray(workOtherWorkspaces(env, user.id)),
    billing: {
      subscription: subscription
        ? {
            period_end: subscription.period_end,
            auto_renew: subscription.auto_renew === 1,
            state: subscription.state,
            grace_until: subscription.grace_until,
            card:
              subscription.card_brand && subscription.card_last4
                ? {
                    brand: subscription.card_brand,
                    last4: subscription.card_last4,
                    exp_month: subscription.card_exp_month,
                    exp_year: subscription.card_exp_year,
                  }
                : null,
          }
        : null,
      orders: new StreamedArray(
        mapped(
          pages((page) => ordersOf(db, user.id, page)),
          (order) => ({
            reference: order.reference,
            plan: order.plan,
            amount_kobo: order.amount_kobo,
            currency: order.currency,
            status: order.status,
            created_at: order.created_at,
            paid_at: order.paid_at,
            renews_from: order.renews_from,
          }),
        ),
      ),
      invoices: new StreamedArray(
        mapped(
          pages((page) => invoicePagesOf(db, user.id, page)),
          (invoice) => ({
            number: invoice.number,
            issued_at: invoice.issued_at,
            order_reference: invoice.order_reference,
            billed_to: {
              name: invoice.customer_name,
              email: invoice.customer_email,
              organisation: invoice.organisation,
            },
            plan: invoice.plan,
            period_start: invoice.period_start,
            period_end: invoice.period_end,
            amount_kobo: invoice.amount_kobo,
            vat_kobo: invoice.vat_kobo,
            currency: invoice.currency,
          }),
        ),
      ),
      live_transcription_seconds_by_month: usage,
      release_emails_by_month: emails,
    },
    sign_ins: {
      sessions: new StreamedArray(pages((page) => signInsOf(db, user.id, page))),
      known_browsers: new StreamedArray(pages((page) => knownDevicesOf(db, user.id, page))),
    },
  });
}

/** The account's release images a page at a time, each naming its file in the zip. */
async function* releaseImages(db: D1Database, userId: string) {
  // A release's images are read together (the order they were added), so its folder is named once.
  const folders = new Map<string, string>();
  for await (const image of pages((page) => attachmentsOfUser(db, userId, page))) {
    let folder = folders.get(image.job_id);
    if (folder === undefined) {
      folder = releaseImageFolder({ id: image.job_id, text: (await findJob(db, image.job_id))?.text ?? null });
      folders.set(image.job_id, folder);
    }
    yield { ...image, file: releaseImageFile(folder, image) };
  }
}

type LiveSessionRow = Parameters<typeof speakerNamesOf>[0] & Record<string, unknown> & { id: string };

/** A live session with its finals, caption translations and caption links, each read a page at a time. */
function liveTranscript(db: D1Database, { speaker_names: _names, ...session }: LiveSessionRow) {
  return {
    ...session,
    speaker_names: speakerNamesOf({ speaker_names: _names }),
    segments: new StreamedArray(
      mapped(
        pages((page) => liveSegmentsOf(db, session.id, page)),
        ({ seq, text, start, duration, speaker }) => ({ seq, text, start, duration, speaker }),
      ),
    ),
    caption_translations: new StreamedArray(pages((page) => captionTranslationsOf(db, session.id, page))),
    caption_shares: new StreamedArray(pages((page) => captionSharesOf(db, session.id, page))),
  };
}

/**
 * Where the JSON says a row's file is in the zip: the person's own workspace's files at its top, and
 * what they made in another workspace under that workspace's folder, where only their own rows
 * (`madeBy`) name a file.
 */
interface FileNames {
  readonly prefix: string;
  readonly madeBy: string | null;
}
const OWN_FILES: FileNames = { prefix: "", madeBy: null };

/** An upload (a recording once complete), naming its file in the zip. */
function uploadView(upload: UploadRow, names: FileNames) {
  return {
    id: upload.id,
    file_name: upload.file_name,
    content_type: upload.content_type,
    length: upload.length,
    received: upload.offset,
    status: upload.status,
    created_at: upload.created_at,
    expires_at: upload.expires_at,
    ...(upload.status === "complete" ? { file: names.prefix + uploadFile(upload) } : {}),
  };
}

/**
 * The workspaces other than their own that person `person` made work in and still belongs to, by
 * name. A removed member is refused the workspace's work from their next request, so their download
 * stops giving what they made there too; it stays the workspace's, in its owner's download.
 */
async function workspacesMadeIn(db: D1Database, person: string): Promise<{ id: string; name: string }[]> {
  const found = await batchRows(db, [
    workspacesWithJobsBy(db, person),
    workspacesWithUploadsBy(db, person),
    workspacesWithLiveBy(db, person),
    workspacesWithAudioBy(db, person),
  ]);
  const made = new Set(found.flat().map((row) => row.user_id));
  return (await membershipsOf(db, person))
    .filter((membership) => made.has(membership.workspace_id))
    .map((membership) => ({ id: membership.workspace_id, name: membership.name }));
}

/**
 * What person `person` made in each workspace other than their own, by workspace, in the shapes of
 * their own work, each `file` under the workspace's folder as `filesMadeElsewhere` puts it.
 */
async function* workOtherWorkspaces(env: Env, person: string) {
  const db = env.DB;
  for (const workspace of await workspacesMadeIn(db, person)) {
    const names = { prefix: `${otherWorkspaceFolder(workspace)}/`, madeBy: person };
    const jobs = (kind: JobRow["kind"]) =>
      new StreamedArray(
        jobsOf(env, workspace.id, (page) => jobRowsMadeBy(db, workspace.id, person, page), names, kind),
      );
    yield {
      workspace,
      press_releases: jobs("press_release"),
      reports: jobs("sentiment"),
      recordings: new StreamedArray(
        mapped(
          pages((page) => uploadsMadeBy(db, workspace.id, person, page)),
          (upload) => uploadView(upload, names),
        ),
      ),
      live_transcripts: new StreamedArray(
        mapped(
          pages((page) => liveSessionsMadeBy(db, workspace.id, person, page)),
          (session) => liveTranscript(db, session),
        ),
      ),
      speech: new StreamedArray(
        speechHistory(db, workspace.id, (page) => audioItemsMadeBy(db, workspace.id, person, page), names),
      ),
    };
  }
}

/** Speech history a page at a time; repeats of one stored file name the file of its first item. */
async function* speechHistory(
  db: D1Database,
  userId: string,
  items: (page: Page) => RowsStatement<AudioItemRow>,
  names: FileNames,
) {
  for await (const page of rowPages(items, EXPORT_PAGE_ROWS)) {
    const firsts = await firstSpeechItems(db, userId, page, names.madeBy);
    for (const item of page) {
      yield {
        id: item.id,
        kind: item.kind,
        voice_id: item.voice_id,
        text_excerpt: item.text_excerpt,
        characters: item.characters,
        bytes: item.bytes,
        created_at: item.created_at,
        file: names.prefix + speechFile(firsts.get(item.r2_key) ?? item),
      };
    }
  }
}

/**
 * Jobs a page at a time (of `kind` only, when given), each release's versions a page at a time,
 * each report read when written; each names its recording's file in the zip, if the zip holds it.
 */
async function* jobsOf(
  env: Env,
  userId: string,
  rows: (page: Page) => RowsStatement<JobRow>,
  names: FileNames,
  kind?: JobRow["kind"],
) {
  const db = env.DB;
  for await (const all of rowPages(rows, EXPORT_JOB_PAGE_ROWS)) {
    const page = kind ? all.filter((job) => job.kind === kind) : all;
    const recordings = await recordingFiles(db, userId, page, names.madeBy);
    for (const job of page) {
      // A recording several jobs share is one file in the zip, named once. In another's workspace a
      // job started from a recording has a file only when the recording is the person's own upload.
      const file = job.r2_key
        ? (recordings.get(job.r2_key) ?? (names.madeBy === null || job.upload_id === null ? recordingFile(job) : null))
        : null;
      yield {
        ...jobFields(job),
        ...(file ? { file: names.prefix + file } : {}),
        ...(job.kind === "press_release"
          ? {
              press_release: {
                text: job.text,
                translated_text: job.translated_text,
                headlines: keptHeadlines(job.headlines),
                utterances: new Deferred(async () => (await utterancesOfJob(env, job)) ?? null),
                versions: new StreamedArray(
                  pagedRows((next) => releaseVersionsOf(db, job.id, next), EXPORT_VERSION_PAGE_ROWS),
                ),
                translated_versions: new StreamedArray(
                  pagedRows((next) => releaseVersionsOf(db, job.id, next, job.language), EXPORT_VERSION_PAGE_ROWS),
                ),
              },
            }
          : {
              sentiment_report: new Deferred(async () =>
                job.result_key ? ((await readReport(env, job.result_key)) ?? null) : null,
              ),
            }),
      };
    }
  }
}

/**
 * The first history item (of person `madeBy`'s, when given) of each stored speech file on the page,
 * as `storedFiles` names the file for the zip: one page's keys, so the answer is never larger than
 * the page.
 */
async function firstSpeechItems(db: D1Database, userId: string, page: readonly AudioItemRow[], madeBy: string | null) {
  const results = await firstItemsOfKeys(db, userId, [...new Set(page.map((item) => item.r2_key))], madeBy);
  return new Map(results.map((item) => [item.r2_key, item]));
}

/**
 * The zip's name of each recording on the page, as `storedFiles` gives it: a finished upload's
 * name when the recording is one, otherwise the name from the newest job that keeps it. For what
 * person `madeBy` made in another's workspace, only their own uploads: a job that stored its own
 * file is the only one keeping it, and another member's recording is not in their zip.
 */
async function recordingFiles(db: D1Database, userId: string, page: readonly JobRow[], madeBy: string | null) {
  if (madeBy !== null) {
    const keys = [...new Set(page.flatMap((job) => (job.r2_key && job.upload_id ? [job.r2_key] : [])))];
    if (keys.length === 0) return new Map<string, string>();
    const [uploads] = await batchRows(db, [recordingsKeeping(db, userId, keys, madeBy)]);
    return new Map(uploads.map((upload): [string, string] => [upload.r2_key, uploadFile(upload)]));
  }
  const keys = [...new Set(page.flatMap((job) => (job.r2_key ? [job.r2_key] : [])))];
  if (keys.length === 0) return new Map<string, string>();
  const [jobs, uploads] = await batchRows(db, [
    newestJobsKeeping(db, userId, keys),
    recordingsKeeping(db, userId, keys, null),
  ]);
  return new Map([
    ...jobs.map((job): [string, string] => [job.r2_key, recordingFile(job)]),
    ...uploads.map((upload): [string, string] => [upload.r2_key, uploadFile(upload)]),
  ]);
}

const extensionOf = (key: string) => /\.[a-z0-9]{1,5}$/i.exec(key)?.[0] ?? ".mp3";
const day = (iso: string) => iso.slice(0, 10);

/** Generated speech and voice conversions: one file per stored object (repeats share one). */
function speechFile(item: Pick<AudioItemRow, "id" | "r2_key" | "created_at">): string {
  return `speech/${day(item.created_at)}-${item.id}${extensionOf(item.r2_key)}`;
}

const recordingFile = (job: Pick<JobRow, "id" | "file_name">) => `recordings/${job.id}-${displayName(job.file_name)}`;

const uploadFile = (upload: Pick<UploadRow, "id" | "file_name">) =>
  `uploads/${upload.id}-${displayName(upload.file_name)}`;

/**
 * Every stored file of the account: its speech, its jobs' recordings, its finished uploads and its
 * releases' images as uploaded.
 */
function storedFiles(
  audio: readonly AudioItemRow[],
  jobs: readonly JobRow[],
  uploads: readonly UploadRow[],
  images: readonly ImageFileRow[],
) {
  const files = new Map<string, StoredFile>();
  for (const item of audio) {
    if (!files.has(item.r2_key)) {
      files.set(item.r2_key, {
        path: speechFile(item),
        key: item.r2_key,
        bytes: item.bytes,
        modified: item.created_at,
      });
    }
  }
  for (const job of jobs) {
    if (job.r2_key) {
      files.set(job.r2_key, { path: recordingFile(job), key: job.r2_key, bytes: job.bytes, modified: job.created_at });
    }
  }
  for (const upload of uploads) {
    if (upload.status === "complete") {
      files.set(upload.r2_key, {
        path: uploadFile(upload),
        key: upload.r2_key,
        bytes: upload.length,
        modified: upload.created_at,
      });
    }
  }
  const releases = new Map(jobs.map((job) => [job.id, job]));
  for (const image of images) {
    const folder = releaseImageFolder(releases.get(image.job_id) ?? { id: image.job_id, text: null });
    files.set(image.r2_key, {
      path: releaseImageFile(folder, image),
      key: image.r2_key,
      bytes: image.bytes,
      modified: image.created_at,
    });
  }
  return [...files.values()];
}

/**
 * `other-workspaces/<name>-<start of id>`: where the zip puts what the person made in a workspace.
 * Two workspaces may go by one name, so the start of the id follows it, as for a release's images.
 */
const otherWorkspaceFolder = (workspace: { readonly id: string; readonly name: string }) =>
  `other-workspaces/${releaseSlugFrom(workspace.name, "workspace")}-${workspace.id.slice(0, 8)}`;

/**
 * The stored files of the work person `person` made in the workspaces they belong to besides their
 * own, named as their own are, each workspace's in its folder. Only rows they made: a job started
 * from a recording shares that recording's file, which is its uploader's, so only a job that stored
 * its own file gives one.
 */
async function filesMadeElsewhere(db: D1Database, person: string): Promise<StoredFile[]> {
  const workspaces = await workspacesMadeIn(db, person);
  const made = await Promise.all(
    workspaces.map(async (workspace) => {
      const [audio, jobs, uploads] = await batchRows(db, [
        audioItemsMadeBy(db, workspace.id, person),
        jobRowsMadeBy(db, workspace.id, person),
        uploadsMadeBy(db, workspace.id, person),
      ]);
      const folder = otherWorkspaceFolder(workspace);
      const ownFiles = jobs.filter((job) => job.upload_id === null);
      return storedFiles(audio, ownFiles, uploads, []).map((file) => ({ ...file, path: `${folder}/${file.path}` }));
    }),
  );
  return made.flat();
}

/**
 * The person's stored files, in as many zips as they need: their own workspace's, then what they
 * made in the others they belong to, all counted against the same part size.
 */
export async function accountFileParts(db: D1Database, userId: string): Promise<StoredFile[][]> {
  const [[audio, jobs, uploads, images], elsewhere] = await Promise.all([
    batchRows(db, [
      audioItemsOf(db, userId),
      jobRowsOf(db, userId),
      uploadsOf(db, userId),
      imageFilesOfUser(db, userId),
    ]),
    filesMadeElsewhere(db, userId),
  ]);
  return zipParts([...storedFiles(audio, jobs, uploads, images), ...elsewhere]);
}

/** A job as the API answers it, with what the API leaves out when empty written out, null included. */
function jobFields(job: JobRow) {
  return {
    ...jobCommonFields(job),
    kind: job.kind,
    content_type: job.content_type,
    recording_kept: job.r2_key !== null,
    recording_id: job.upload_id,
    speaker_names: speakerNamesOf(job),
    error: job.error,
  };
}
