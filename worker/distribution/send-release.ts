import { randomToken, sha256Hex } from "../accounts/tokens.ts";
import { planLimits } from "../billing/contracts/plans.ts";
import { groupThousands } from "../contracts/numbers.ts";
import { loadConfig } from "../core/config.ts";
import { ApiError } from "../core/errors.ts";
import { objectProviders } from "../core/object-providers.ts";
import { findJob } from "../jobs/store.ts";
import { monthOf } from "../live/usage.ts";
import { publicationOf } from "../newsroom/publications.ts";
import { releaseFiles } from "../newsroom/release-files.ts";
import { newsroomSlugOf, organisationOf, sendingDomainOf } from "../organisation/store.ts";
import { attachmentsOf, recordingAttached } from "../press-releases/attachments.ts";
import { releaseHeadline } from "../press-releases/contracts/release-markdown.ts";
import { refuseGaps } from "../press-releases/release-gaps.ts";
import { ProviderError } from "../providers/provider-error.ts";
import type { SendAnswer, SendBody } from "./contracts/distribution.ts";
import { releaseMail } from "./release-mail.ts";
import { releaseMailer } from "./release-sender.ts";
import {
  assignToken,
  queuedRecipients,
  queueSend,
  type SendRow,
  sendOf,
  settleRecipient,
  stalledSends,
  tokenOf,
} from "./store.ts";

/**
 * Sending a release to the media list. The request queues one recipient row per address in one
 * transaction (an address has one row per release, so a second send skips whoever had it) and
 * starts the send's Workflow, which mails the queue a batch per durable step (`send-workflow.ts`).
 * A step that dies mid-batch runs again: what was mailed is no longer queued, and the e-mail it was
 * mailing goes again under the same idempotency key and token, which the provider delivers once.
 */

/** Recipients one durable step mails. */
const SEND_BATCH = 25;

interface SendRequest {
  readonly env: Env;
  readonly release: { readonly id: string; readonly user_id: string; readonly text: string };
  readonly plan: string | null;
  readonly body: SendBody;
  readonly origin: string;
  readonly now: Date;
}

export async function sendRelease(request: SendRequest): Promise<SendAnswer> {
  const { env, release, body, now } = request;
  const db = env.DB;
  const publication = await publicationOf(db, release.id, release.user_id);
  if (!publication) {
    throw new ApiError(
      409,
      "not_published",
      "Publish the release on your newsroom first: the e-mail links to its public page.",
    );
  }
  refuseGaps(release.text, "sending");
  const allowance = planLimits(request.plan).releaseEmailsMonthly;
  const sendId = crypto.randomUUID();
  const result = await queueSend(db, {
    sendId,
    jobId: release.id,
    userId: release.user_id,
    subject: body.subject || releaseHeadline(release.text),
    tags: body.tags ?? [],
    origin: request.origin,
    now: now.toISOString(),
    allowance,
    month: monthOf(now),
  });
  if (result.picked === 0) {
    throw body.tags?.length
      ? new ApiError(409, "no_contacts", "No subscribed contact has these tags.", {
          tags: ["No subscribed contact has these tags"],
        })
      : new ApiError(
          409,
          "no_contacts",
          "No contacts yet: import them in Settings › Contacts. Contacts who unsubscribed are not sent to.",
        );
  }
  const fresh = result.picked - result.alreadySent;
  if (result.queued === 0 && fresh > 0) {
    const left = Math.max(0, allowance - result.used);
    throw new ApiError(
      409,
      "send_limit",
      `This send would mail ${groupThousands(fresh)} contacts; your plan has ${groupThousands(left)} of its ${groupThousands(allowance)} release e-mails left this month.`,
    );
  }
  if (result.queued > 0) await env.SEND_WORKFLOWS.create({ id: sendId, params: { sendId } });
  return { queued: result.queued, already_sent: result.alreadySent };
}

/** A send none of whose e-mails went out for this long is taken for stalled. */
const STALL_MS = 10 * 60_000;
const STALLED_PER_SWEEP = 100;

/**
 * The scheduled sweep: starts again each send whose Workflow stopped with e-mails still queued (it
 * errored after its retries, its process died, or it was never created). Its steps only ever mail
 * what is still queued, so running it again from the first step is safe.
 */
export async function resumeStalledSends(env: Env, now = Date.now()): Promise<number> {
  const stalled = await stalledSends(env.DB, new Date(now - STALL_MS).toISOString(), STALLED_PER_SWEEP);
  for (const sendId of stalled) {
    await restartSend(env, sendId).catch((error: unknown) => console.error(`[send] resuming ${sendId} failed`, error));
  }
  return stalled.length;
}

async function restartSend(env: Env, sendId: string): Promise<void> {
  let instance: WorkflowInstance;
  try {
    instance = await env.SEND_WORKFLOWS.get(sendId);
  } catch (error) {
    if (error instanceof Error && /not[._ ]?found/i.test(error.message)) {
      await env.SEND_WORKFLOWS.create({ id: sendId, params: { sendId } });
      return;
    }
    throw error;
  }
  await instance.restart();
}

/** What a release's e-mails carry, read once per batch. */
async function releaseOfSend(db: D1Database, send: SendRow) {
  const [job, publication, organisation, newsroom, images, clip, domain] = await Promise.all([
    findJob(db, send.job_id),
    publicationOf(db, send.job_id, send.user_id),
    organisationOf(db, send.user_id),
    newsroomSlugOf(db, send.user_id),
    attachmentsOf(db, send.job_id),
    recordingAttached(db, send.job_id),
    sendingDomainOf(db, send.user_id),
  ]);
  if (!job?.text || !publication) return null;
  // An account that gave up its newsroom's address after publishing has no files to link.
  const files =
    newsroom === null
      ? null
      : releaseFiles(send.origin, newsroom, publication.slug, images, clip && job.r2_key !== null);
  return {
    text: job.text,
    publication,
    organisation: organisation.name,
    files,
    domain,
    replyTo: organisation.media_contact.email || undefined,
  };
}

/** The recipient's token, made now unless it has one, so a retried e-mail carries the same links. */
async function tokenFor(db: D1Database, recipient: { id: string; token: string | null }): Promise<string> {
  if (recipient.token) return recipient.token;
  const token = randomToken();
  await assignToken(db, recipient.id, token, await sha256Hex(token)).run();
  return (await tokenOf(db, recipient.id)) ?? token;
}

/**
 * The Workflow's step: mails the send's next `SEND_BATCH` queued recipients and answers how many
 * are still queued after them. A release taken down or deleted meanwhile stops the send.
 */
export async function mailNextBatch(env: Env, sendId: string, now = () => new Date().toISOString()) {
  const db = env.DB;
  const send = await sendOf(db, sendId);
  if (!send) return 0;
  const recipients = await queuedRecipients(db, send, SEND_BATCH);
  if (recipients.length === 0) return 0;
  const release = await releaseOfSend(db, send);
  if (!release) {
    for (const recipient of recipients) await settleRecipient(db, recipient.id, "failed", now());
    return (await queuedRecipients(db, send, 1)).length;
  }
  const deliver = releaseMailer({
    mail: objectProviders(env, send.origin)("mail"),
    db,
    mailFrom: loadConfig(env).mailFrom,
    organisation: release.organisation,
    domain: release.domain,
  });
  for (const recipient of recipients) {
    if (recipient.suppressed) {
      await settleRecipient(db, recipient.id, recipient.suppressed, now());
      continue;
    }
    const token = await tokenFor(db, recipient);
    const message = releaseMail({
      to: recipient.email,
      subject: send.subject,
      organisation: release.organisation,
      text: release.text,
      embargoUntil: release.publication.published_at === null ? release.publication.publish_at : null,
      origin: send.origin,
      token,
      files: release.files,
    });
    try {
      const { id } = await deliver({ ...message, replyTo: release.replyTo }, recipient.id);
      await settleRecipient(db, recipient.id, "sent", now(), id);
    } catch (error) {
      // An outage or a rate limit fails the step, which Workflows retries; a refusal will not change.
      if (error instanceof ProviderError && !error.retryable) {
        console.error(`[send] ${sendId}: the provider refused an e-mail`, error);
        await settleRecipient(db, recipient.id, "failed", now());
      } else throw error;
    }
  }
  return (await queuedRecipients(db, send, 1)).length;
}
