import { formatNaira } from "@contracts/numbers.ts";
import { PLANS } from "@contracts/plans.ts";
import type { StoredUser } from "../api/session.ts";
import { useCheckout } from "../payments/use-checkout.ts";
import { formatWhen } from "../ui/format-when.ts";

function formatDate(iso: string | null | undefined): string {
  return iso ? formatWhen(iso) : "Not Available";
}

/** Settings → Billing and plans: the real plan and dates, and Renew for the same plan. */
export function BillingSummary({ user }: { user: StoredUser }) {
  const { starting, start } = useCheckout();
  const renewable = PLANS.find((plan) => plan.id === user.plan && !plan.contactOnly) ?? PLANS[0];
  let status: string;
  if (user.subscription_status === 1) {
    const name = PLANS.find((plan) => plan.id === user.plan)?.name ?? "Vox Pro";
    status = `${name} plan, active until ${formatDate(user.subscription_expires_at)}.`;
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
      {renewable?.priceNaira && (
        <div className="billing__plan">
          <p>
            <strong>Vox Pro {renewable.name}</strong>: {formatNaira(renewable.priceNaira)} per {renewable.interval}
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => start(renewable)}
            disabled={starting}
            aria-busy={starting}
          >
            {starting ? "Opening checkout…" : "Renew"}
          </button>
        </div>
      )}
    </div>
  );
}
