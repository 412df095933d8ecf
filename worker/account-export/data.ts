import { type AudioItemRow, audioItemsOf } from "../audio/store.ts";
import { knownDevicesOf } from "../auth/devices.ts";
import { signInsOf } from "../auth/sessions.ts";
import type { UserRow } from "../auth/users.ts";
import { batchRows } from "../d1.ts";
import { utterancesOfJob } from "../jobs/job-transcripts.ts";
import { keptHeadlines } from "../jobs/release-headlines.ts";
import { releaseVersionsOf } from "../jobs/release-versions.ts";
import { readReport } from "../jobs/sentiment-reports.ts";
import { type JobRow, jobRowsOf } from "../jobs/store.ts";
import { speakerNamesOf } from "../jobs/views.ts";
import { captionSharesOf } from "../live/caption-shares.ts";
import { captionTranslationsOf } from "../live/caption-translation.ts";
import { liveSegmentsOf, liveSessionsOf } from "../live/transcripts.ts";
import { monthlyUsageOf } from "../live/usage.ts";
import { kitFromRow, organisationRowOf } from "../organisation/store.ts";
import { ordersOf } from "../payments/orders.ts";
import { subscriptionOf } from "../payments/store.ts";
import { parseVocabulary, preferencesRowOf } from "../preferences/store.ts";
import { displayName } from "../uploads/display-name.ts";
import { type UploadRow, uploadsOf } from "../uploads/store.ts";
import { type StoredFile, zipParts } from "./zip.ts";

/**
 * Everything an account holds, gathered from every feature's store in one D1 batch (one
 * consistent snapshot), for the owner's data download (NDPA 2023 access and portability).
 * Secrets stay out: the password hash, session and browser token hashes, the card authorization
 * Paystack charges renewals with, caption-link tokens and one-time codes.
 */
export async function accountData(env: Env, user: UserRow, now = new Date()) {
  const db = env.DB;
  const [
    preferenceRows,
    kitRows,
    audio,
    jobs,
    versions,
    sessions,
    segments,
    translations,
    shares,
    uploads,
    orders,
    subscriptions,
    usage,
    signIns,
    devices,
  ] = await batchRows(db, [
    preferencesRowOf(db, user.id),
    organisationRowOf(db, user.id),
    audioItemsOf(db, user.id),
    jobRowsOf(db, user.id),
    releaseVersionsOf(db, user.id),
    liveSessionsOf(db, user.id),
    liveSegmentsOf(db, user.id),
    captionTranslationsOf(db, user.id),
    captionSharesOf(db, user.id),
    uploadsOf(db, user.id),
    ordersOf(db, user.id),
    subscriptionOf(db, user.id),
    monthlyUsageOf(db, user.id),
    signInsOf(db, user.id),
    knownDevicesOf(db, user.id),
  ]);
  const files = new Map(storedFiles(audio, jobs, uploads).map((file): [string, StoredFile] => [file.key, file]));
  const preference = preferenceRows[0];
  const subscription = subscriptions[0];

  return {
    format: "vox-account-data",
    version: 1,
    exported_at: now.toISOString(),
    files_note:
      "Audio files are in the separate zip (Settings › Account › Download my files); `file` gives each one's path in it.",
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
    organisation: kitFromRow(kitRows[0] ?? null),
    speech_history: audio.map((item) => ({
      id: item.id,
      kind: item.kind,
      voice_id: item.voice_id,
      text_excerpt: item.text_excerpt,
      characters: item.characters,
      bytes: item.bytes,
      created_at: item.created_at,
      file: files.get(item.r2_key)?.path ?? speechFile(item),
    })),
    jobs: await Promise.all(
      jobs.map(async (job) => ({
        ...jobFields(job),
        // A recording several jobs share is one file in the zip, named once.
        ...(job.r2_key ? { file: files.get(job.r2_key)?.path ?? recordingFile(job) } : {}),
        ...(job.kind === "press_release"
          ? {
              press_release: {
                text: job.text,
                translated_text: job.translated_text,
                headlines: keptHeadlines(job.headlines),
                utterances: (await utterancesOfJob(env, job)) ?? null,
                versions: versions
                  .filter((version) => version.job_id === job.id)
                  .map(({ text, created_at }) => ({ text, created_at })),
              },
            }
          : { sentiment_report: job.result_key ? ((await readReport(env, job.result_key)) ?? null) : null }),
      })),
    ),
    live_transcripts: sessions.map((session) => ({
      ...session,
      segments: segments
        .filter((segment) => segment.session_id === session.id)
        .map(({ seq, text, start, duration }) => ({ seq, text, start, duration })),
      caption_translations: translations
        .filter((translation) => translation.session_id === session.id)
        .map(({ language, seq, text }) => ({ language, seq, text })),
      caption_shares: shares
        .filter((share) => share.session_id === session.id)
        .map(({ created_at, revoked_at }) => ({ created_at, revoked_at })),
    })),
    uploads: uploads.map((upload) => ({
      id: upload.id,
      file_name: upload.file_name,
      content_type: upload.content_type,
      length: upload.length,
      received: upload.offset,
      status: upload.status,
      created_at: upload.created_at,
      expires_at: upload.expires_at,
      ...(upload.status === "complete" ? { file: uploadFile(upload) } : {}),
    })),
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
      orders: orders.map((order) => ({
        reference: order.reference,
        plan: order.plan,
        amount_kobo: order.amount_kobo,
        currency: order.currency,
        status: order.status,
        created_at: order.created_at,
        paid_at: order.paid_at,
        renews_from: order.renews_from,
      })),
      live_transcription_seconds_by_month: usage,
    },
    sign_ins: { sessions: signIns, known_browsers: devices },
  };
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

/** Every stored audio file of the account: its speech, its jobs' recordings and its finished uploads. */
function storedFiles(audio: readonly AudioItemRow[], jobs: readonly JobRow[], uploads: readonly UploadRow[]) {
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
  return [...files.values()];
}

/** The account's stored files, in as many zips as they need. */
export async function accountFileParts(db: D1Database, userId: string): Promise<StoredFile[][]> {
  const [audio, jobs, uploads] = await batchRows(db, [
    audioItemsOf(db, userId),
    jobRowsOf(db, userId),
    uploadsOf(db, userId),
  ]);
  return zipParts(storedFiles(audio, jobs, uploads));
}

function jobFields(job: JobRow) {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    file_name: job.file_name,
    content_type: job.content_type,
    bytes: job.bytes,
    language: job.language,
    recording_kept: job.r2_key !== null,
    recording_id: job.upload_id,
    speaker_names: speakerNamesOf(job),
    error: job.error,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}
