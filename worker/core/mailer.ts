import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { type MailMessage, sendMail } from "../providers/mail.ts";

/**
 * Sends after the response, so an answer never waits on (or reveals, by its timing) the mail
 * provider. Failures are logged; the user-facing step has already answered.
 */
export function deliverInBackground(c: Context<AppEnv>, message: MailMessage): void {
  const delivery = sendMail(c.var.provider("mail"), c.var.config.mailFrom, message).catch((error: unknown) =>
    console.error(`[mail] delivery to ${message.to} failed`, error),
  );
  c.executionCtx.waitUntil(delivery);
}
