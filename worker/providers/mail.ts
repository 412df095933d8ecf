import { z } from "zod";
import { withoutControlCharacters } from "../contracts/control-characters.ts";
import type { ProviderEndpoint } from "./endpoint.ts";
import { type ProviderAdapter, ProviderError, providerJson } from "./provider-error.ts";

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** An HTML part beside the text, for mail clients that show it. */
  readonly html?: string;
  /** Extra headers (Resend's `headers`), such as `List-Unsubscribe`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Files sent with it (Resend's `attachments`, the content base64). */
  readonly attachments?: readonly MailAttachment[];
  /** Where replies go (Resend's `reply_to`), when not to the sender. */
  readonly replyTo?: string;
}

interface MailAttachment {
  readonly filename: string;
  /** Base64. */
  readonly content: string;
}

export class MailDeliveryError extends ProviderError {
  override name = "MailDeliveryError";
}

/** Header values built from what people typed must not add a header of their own either. */
function withoutControlCharactersIn(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, withoutControlCharacters(value)]));
}

/** Resend's answer to a send, and its refusals. */
const sentAnswer = z.object({ id: z.string() });
const refusalBody = z.object({ statusCode: z.number(), name: z.string(), message: z.string() });

/** Transactional e-mail through a Resend-compatible API (`POST /emails`, bearer key). */
export const mail: ProviderAdapter = {
  provider: "mail",
  auth: (endpoint) => ({ authorization: `Bearer ${endpoint.apiKey}` }),
  timeoutMs: 10_000,
  errorClass: MailDeliveryError,
  refusalDetail: (body) => refusalBody.safeParse(body).data?.message,
};

/**
 * Sends one e-mail. With an `idempotencyKey` (Resend's `Idempotency-Key`, kept 24 hours) the
 * provider delivers it once however often it is sent, so a retried step cannot mail twice.
 */
export async function sendMail(
  endpoint: ProviderEndpoint,
  from: string,
  message: MailMessage,
  options: { idempotencyKey?: string } = {},
): Promise<{ id: string }> {
  const { id } = await providerJson(
    mail,
    endpoint,
    {
      what: "emails",
      path: "/emails",
      ...(options.idempotencyKey ? { headers: { "idempotency-key": options.idempotencyKey } } : {}),
      // Subjects are built from what people typed (a name, say). The schemas refuse control
      // characters there; any that still get through (an older row, a new field) must not add a
      // header or reorder how the subject reads.
      json: {
        from,
        to: [message.to],
        subject: withoutControlCharacters(message.subject),
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: withoutControlCharactersIn(message.headers) } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        ...(message.replyTo ? { reply_to: message.replyTo } : {}),
      },
    },
    { documented: sentAnswer, needed: sentAnswer },
  );
  return { id };
}

/** The domain of a sender written `Name <address>` or as the bare address, lowercased. */
export function domainOfAddress(address: string): string {
  const bare = /<([^<>]+)>\s*$/.exec(address)?.[1] ?? address;
  return bare
    .slice(bare.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

/**
 * Resend's refusal of a `from` on a domain it has not verified (403 `validation_error`, "The
 * example.com domain is not verified…"): the domain was verified when the send read it, and no
 * longer is.
 */
export function refusedUnverifiedSender(error: unknown): boolean {
  return (
    error instanceof MailDeliveryError && error.status === 403 && /domain is not verified/i.test(error.detail ?? "")
  );
}
