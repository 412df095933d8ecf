import { FEATURES, formatNaira, PLANS, type Plan } from "@contracts/plans.ts";
import { Check, Minus } from "lucide-react";
import { toast } from "sonner";
import { useStoredUser } from "../account/session.ts";
import { useModals } from "../app/modals.tsx";

function quota(value: number | null, unit: string): string {
  return value === null ? "Unlimited" : `${value} ${unit}`;
}

function PlanCard({ plan }: { plan: Plan }) {
  const { openModal } = useModals();
  const user = useStoredUser();
  const startPayment = () => {
    if (!user) openModal("login");
    else toast.info("Online payment is opening shortly. Contact us and we will activate your plan.");
  };
  return (
    <li className={plan.popular ? "plan plan--popular" : "plan"}>
      {plan.popular && <p className="plan__flag">Popular</p>}
      <h2 className="plan__name">{plan.name}</h2>
      <p className="plan__tagline">{plan.tagline}</p>
      <p className="plan__price">
        {plan.priceNaira === null ? (
          "Custom quote"
        ) : (
          <>
            {formatNaira(plan.priceNaira)}
            <span className="plan__interval"> / {plan.interval}</span>
          </>
        )}
      </p>
      <ul className="plan__quotas">
        <li>Live transcription: {quota(plan.liveTranscriptionHours, "hours a month")}</li>
        <li>Press release audio: {quota(plan.pressReleaseStorageGb, "GB")}</li>
      </ul>
      {plan.contactOnly ? (
        <button type="button" className="button button--ghost button--block" onClick={() => openModal("consultation")}>
          Contact Us
        </button>
      ) : (
        <button type="button" className="button button--primary button--block" onClick={startPayment}>
          Get Started
        </button>
      )}
    </li>
  );
}

export function Component() {
  return (
    <section>
      <title>Pricing · Vox</title>
      <p className="eyebrow">Pricing</p>
      <h1>Simple plans in naira</h1>
      <p className="lead">Every plan starts with 2 days of free access. Cancel any time; your work stays yours.</p>
      <ul className="plan-grid">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} />
        ))}
      </ul>
      {/* Focusable so keyboard users can scroll the table sideways on narrow screens. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className="panel table-scroll" aria-label="Plan comparison" tabIndex={0}>
        <table className="feature-table">
          <caption>What each plan includes</caption>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              {PLANS.map((plan) => (
                <th key={plan.id} scope="col">
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Live transcription (hours per month)</th>
              {PLANS.map((plan) => (
                <td key={plan.id}>{plan.liveTranscriptionHours ?? "Unlimited"}</td>
              ))}
            </tr>
            <tr>
              <th scope="row">Press release audio storage</th>
              {PLANS.map((plan) => (
                <td key={plan.id}>{quota(plan.pressReleaseStorageGb, "GB")}</td>
              ))}
            </tr>
            {FEATURES.map((feature) => (
              <tr key={feature.id}>
                <th scope="row">{feature.label}</th>
                {PLANS.map((plan) => (
                  <td key={plan.id}>
                    {feature.plans.includes(plan.id) ? (
                      <Check aria-label="Included" className="feature-table__yes" size={20} />
                    ) : (
                      <Minus aria-label="Not included" className="feature-table__no" size={20} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
