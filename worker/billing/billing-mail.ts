import type { MailMessage } from "../providers/mail.ts";
import { formatBillingDate, formatKobo, vatIncludedKobo } from "./contracts/billing-figures.ts";
import { PLANS } from "./contracts/plans.ts";
import type { OrderRow } from "./orders.ts";

const settingsLink = (siteOrigin: string | null) =>
  siteOrigin ? `${siteOrigin}/settings` : "Settings › Billing on the Vox site";

/** The e-mails the renewal sweep sends. */
export const renewalMail = {
  receipt(to: string, order: OrderRow, siteOrigin: string | null): MailMessage {
    const plan = PLANS.find((candidate) => candidate.id === order.plan)?.name ?? "Vox";
    const amount = formatKobo(order.amount_kobo);
    return {
      to,
      subject: `Your Vox receipt: ${amount} for ${plan}`,
      text: [
        `Your Vox ${plan} plan has renewed.`,
        "",
        `Amount: ${amount} (VAT at 7.5% included: ${formatKobo(vatIncludedKobo(order.amount_kobo))})`,
        `Reference: ${order.reference}`,
        `Date: ${formatBillingDate(order.paid_at ?? order.created_at)}`,
        "",
        `Receipts and auto-renew: ${settingsLink(siteOrigin)}`,
        "Vox, Lagos, Nigeria",
      ].join("\n"),
    };
  },
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
