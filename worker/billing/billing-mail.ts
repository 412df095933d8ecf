import type { MailMessage } from "../providers/mail.ts";
import { formatBillingDate } from "./contracts/billing-figures.ts";

const settingsLink = (siteOrigin: string | null) =>
  siteOrigin ? `${siteOrigin}/settings` : "Settings › Billing on the Vox site";

/** The e-mails the renewal sweep sends besides receipts (`invoice-mail.ts`). */
export const renewalMail = {
  declined(to: string, graceUntil: string, siteOrigin: string | null): MailMessage {
    return {
      to,
      subject: "We could not renew your Vox plan",
      text: [
        "Your card was declined when we tried to renew your Vox plan.",
        `Your tools stay open until ${formatBillingDate(graceUntil)} and we will try again each day until then.`,
        `To keep your plan, update your card: ${settingsLink(siteOrigin)}`,
      ].join("\n"),
    };
  },
  lapsed(to: string, siteOrigin: string | null): MailMessage {
    return {
      to,
      subject: "Your Vox plan has lapsed",
      text: [
        "We could not renew your Vox plan, so it has lapsed and the tools are closed.",
        `Choose a plan again at any time: ${siteOrigin ? `${siteOrigin}/pricing` : "Pricing on the Vox site"}`,
      ].join("\n"),
    };
  },
};
