import { withoutControlCharacters } from "../contracts/control-characters.ts";
import type { ProviderEndpoint } from "./endpoint.ts";

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";
}

/** Transactional e-mail through a Resend-compatible API (`POST /emails`, bearer key). */
export async function sendMail(
  endpoint: ProviderEndpoint,
  from: string,
  message: MailMessage,
): Promise<{ id: string }> {
  const response = await endpoint.fetch(
    new Request(`${endpoint.baseUrl}/emails`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${endpoint.apiKey}`,
        "content-type": "application/json",
      },
      // Subjects are built from what people typed (a name, say). The schemas refuse control
      // characters there; any that still get through (an older row, a new field) must not add a
      // header or reorder how the subject reads.
      body: JSON.stringify({
        from,
        to: [message.to],
        subject: withoutControlCharacters(message.subject),
        text: message.text,
      }),
    }),
  );
  if (!response.ok) {
    throw new MailDeliveryError(`Mail provider answered ${response.status}: ${await response.text()}`);
  }
  const body = (await response.json()) as { id?: unknown };
  if (typeof body.id !== "string") throw new MailDeliveryError("Mail provider returned no message id");
  return { id: body.id };
}
