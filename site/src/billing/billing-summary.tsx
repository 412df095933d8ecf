import { formatNaira } from "@contracts/numbers.ts";
import type { BillingResponse } from "@worker/billing/contracts/billing.ts";
import { formatBillingDate } from "@worker/billing/contracts/billing-figures.ts";
import { PLANS } from "@worker/billing/contracts/plans.ts";
import { Link } from "react-router-dom";
import type { StoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { AutoRenewSwitch } from "./auto-renew-switch.tsx";
import { BillingInvoices } from "./billing-invoices.tsx";
import { seatsOf, seatsText } from "./seats.ts";
import { UsageMeters } from "./usage-meters.tsx";
import { useBilling } from "./use-billing.ts";
import { useCheckout } from "./use-checkout.ts";

const dateOf = (iso: string | null | undefined) => (iso ? formatBillingDate(iso) : "Not Available");
const cardText = ({ brand, last4 }: { brand: string; last4: string }) =>
  `${brand.charAt(0).toUpperCase()}${brand.slice(1)} ending ${last4}`;
const planName = (id: string | null | undefined) => PLANS.find((plan) => plan.id === id)?.name ?? "Vox Pro";

/** The status line: from the Worker's billing once it answers, from the stored user until then. */
function statusText(user: StoredUser, billing: BillingResponse | undefined): string {
  const status =
    billing?.status ?? (user.subscription_status === 1 ? "active" : user.subscription_status === 2 ? "trial" : "none");
  const name = planName(billing?.plan ?? user.plan);
  switch (status) {
    case "active":
      return `${name} plan, active until ${dateOf(billing?.current_period_end ?? user.subscription_expires_at)}.`;
    case "grace":
      return `${name} plan: the renewal payment was declined. Your tools stay open until ${dateOf(billing?.grace_until)}, and we try the card again each day until then.`;
    case "lapsed":
      return `Your ${name} plan has ended. Choose a plan to keep using the tools.`;
    case "trial":
      return `Free trial, ends ${dateOf(user.trial_ends_at)}.`;
    default:
      return "No active plan. Choose one to keep using the tools.";
  }
}

function nextChargeText(billing: BillingResponse): string {
  if (billing.next_charge_amount !== null && billing.current_period_end) {
    return `${formatNaira(billing.next_charge_amount / 100)} on ${dateOf(billing.current_period_end)}`;
  }
  if (billing.status === "active" && !billing.auto_renew) {
    return `None: auto-renew is off, so the plan ends on ${dateOf(billing.current_period_end)}`;
  }
  return "None";
}

/** Checkout for the plan held: to pay with another card in grace, or to start again once it ended. */
function PayButton({ billing }: { billing: BillingResponse }) {
  const { starting, start } = useCheckout();
  const plan = PLANS.find((candidate) => candidate.id === billing.plan && !candidate.contactOnly);
  const label = billing.status === "grace" ? "Pay with another card" : "Renew";
  if (!plan || (billing.status !== "grace" && billing.status !== "lapsed")) return null;
  return (
    <BusyButton
      className="button button--primary"
      busy={starting}
      busyLabel="Opening checkout…"
      onClick={() => start(plan)}
    >
      {`${label}: ${formatNaira(plan.priceNaira ?? 0)} for ${plan.name}`}
    </BusyButton>
  );
}

/** Settings › Billing and plans: plan, status, next charge, card, auto-renew, usage and invoices. */
export function BillingSummary({ user }: { user: StoredUser }) {
  const { data: billing, error } = useBilling();
  const paying = billing !== undefined && billing.status !== "trial" && billing.status !== "none";
  const seats = seatsOf(billing?.plan ?? user.plan);
  return (
    <div className="billing">
      <p>
        <strong>Your plan:</strong> {statusText(user, billing)}
      </p>
      {seats !== undefined && (
        <p>
          <strong>Seats:</strong> {seatsText(seats)}, sharing its live hours, storage and speech allowances.
        </p>
      )}
      {error && !billing && (
        <p className="muted" role="alert">
          Could not load your billing details. Reload the page to try again.
        </p>
      )}
      {billing && (
        <>
          {paying ? (
            <dl className="details">
              <dt>Next charge</dt>
              <dd>{nextChargeText(billing)}</dd>
              <dt>Card on file</dt>
              <dd>{billing.card ? cardText(billing.card) : "No card on file"}</dd>
            </dl>
          ) : (
            <Link className="button button--primary" to={PATHS.pricing}>
              See plans
            </Link>
          )}
          {(billing.status === "active" || billing.status === "grace") && <AutoRenewSwitch on={billing.auto_renew} />}
          <PayButton billing={billing} />
          <UsageMeters usage={billing.usage} />
          <BillingInvoices />
        </>
      )}
    </div>
  );
}
