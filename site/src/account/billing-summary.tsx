import { formatNaira, PLANS } from "@contracts/plans.ts";
import { Link } from "react-router-dom";
import { PATHS } from "../app/paths.ts";
import type { StoredUser } from "./session.ts";

const DATE = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeStyle: "short" });

function formatDate(iso: string | null | undefined): string {
  return iso ? DATE.format(new Date(iso)) : "Not Available";
}

function planName(id: string | null | undefined): string {
  return PLANS.find((plan) => plan.id === id)?.name ?? "Vox Pro";
}

/** Settings → Billing and plans. Payments (issue #4) complete it with receipts and renewal. */
export function BillingSummary({ user }: { user: StoredUser }) {
  const monthly = PLANS.find((plan) => plan.id === "monthly");
  let status: string;
  if (user.subscription_status === 1) {
    status = `${planName(user.plan)} plan, active until ${formatDate(user.subscription_expires_at)}.`;
  } else if (user.subscription_status === 2) {
    status = `Free trial, ends ${formatDate(user.trial_ends_at)}.`;
  } else {
    status = "No active plan. Choose one to keep using the tools.";
  }
  return (
    <div className="billing">
      <p>
        <strong>Your plan:</strong> {status}
      </p>
      {monthly?.priceNaira && (
        <div className="billing__plan">
          <p>
            <strong>Vox Pro Monthly</strong>: {formatNaira(monthly.priceNaira)} per month
          </p>
          <Link to={PATHS.pricing} className="button button--ghost">
            Renew
          </Link>
        </div>
      )}
    </div>
  );
}
