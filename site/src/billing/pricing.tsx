import { formatNaira, groupThousands } from "@contracts/numbers.ts";
import type { PlansResponse } from "@worker/billing/contracts/payments.ts";
import { allowanceText } from "@worker/billing/contracts/usage-format.ts";
import { Check, Minus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { useStoredUser } from "../api/session.ts";
import { PATHS } from "../paths.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { DocumentTitle } from "../ui/document-title.tsx";
import { FullPageSpinner } from "../ui/full-page-spinner.tsx";
import { useModals } from "../ui/modal-context.ts";
import { type HeldPlan, upgradeNote, useHeldPlan } from "./held-plan.ts";
import { rememberPlan, takePendingPlan } from "./pending-plan.ts";
import { seatsOf, seatsText } from "./seats.ts";
import { useCheckout } from "./use-checkout.ts";
import { usePaymentReturn } from "./use-payment-return.ts";
import { usePlans } from "./use-plans.ts";

type Plan = PlansResponse["plans"][number];

const GIGABYTE = 1024 ** 3;
const liveTime = (plan: Plan) =>
  allowanceText("seconds", plan.liveTranscriptionHours === null ? null : plan.liveTranscriptionHours * 3600);
const storage = (plan: Plan) => allowanceText("bytes", plan.storageGb === null ? null : plan.storageGb * GIGABYTE);

/**
 * Every allowance the plan table holds and the Worker enforces, one row each in the card and in the
 * comparison; all written in the units Settings › Billing and VoxScribe use (usage-format.ts).
 */
const ALLOWANCES: readonly { readonly label: string; readonly value: (plan: Plan) => string }[] = [
  { label: "Live transcription a month", value: liveTime },
  { label: "Live sessions at a time", value: (plan) => groupThousands(plan.liveSessions) },
  { label: "Viewers of one caption link", value: (plan) => groupThousands(plan.liveViewers) },
  { label: "Storage for recordings, reports and releases", value: storage },
  { label: "Contacts on the media list", value: (plan) => groupThousands(plan.mediaListContacts) },
  { label: "Release e-mails a month", value: (plan) => groupThousands(plan.releaseEmailsMonthly) },
];

/** The people who share the plan's workspace, the owner included. */
const seats = (plan: Plan) => seatsText(seatsOf(plan.id) ?? null);

const HOURLY: readonly { readonly tool: keyof PlansResponse["hourlyRequests"]; readonly label: string }[] = [
  { tool: "tts", label: "speeches (Vox Speaks)" },
  { tool: "voiceConversion", label: "voice conversions (VoxOver)" },
  { tool: "sentiment", label: "sentiment reports" },
  { tool: "pressRelease", label: "press releases" },
];

function PlanCard({ plan, held }: { plan: Plan; held: HeldPlan | null }) {
  const { openModal } = useModals();
  const user = useStoredUser();
  const { starting, start } = useCheckout();
  const getStarted = () => {
    if (user) return start(plan);
    rememberPlan(plan.id);
    openModal("login", { continueTo: { label: `${plan.name} checkout`, path: PATHS.pricing } });
  };
  const isHeld = held?.id === plan.id;
  const note = held && !isHeld ? upgradeNote(held, plan) : null;
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
      <ul className="plan__quotas" aria-label={`${plan.name} allowances`}>
        {ALLOWANCES.map(({ label, value }) => (
          <li key={label}>
            {label}: <strong>{value(plan)}</strong>
          </li>
        ))}
        <li>
          Seats: <strong>{seats(plan)}</strong>
        </li>
      </ul>
      {note && <p className="plan__note">{note}</p>}
      {isHeld ? (
        <>
          <p className="plan__held">{held.label}</p>
          <Link className="button button--ghost button--block" to={`${PATHS.settings}#billing`}>
            Manage billing
          </Link>
        </>
      ) : plan.contactOnly ? (
        <button type="button" className="button button--ghost button--block" onClick={() => openModal("consultation")}>
          Contact Us
        </button>
      ) : (
        <BusyButton
          className="button button--primary button--block"
          busy={starting}
          busyLabel="Opening checkout…"
          onClick={getStarted}
        >
          Get Started
        </BusyButton>
      )}
    </li>
  );
}

function FeatureTable({ plans, features }: Pick<PlansResponse, "plans" | "features">) {
  return (
    <section className="panel plan-comparison" aria-label="Plan comparison">
      <table className="feature-table">
        <caption>What each plan includes</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Live transcription (hours per month)</th>
            {plans.map((plan) => (
              <td key={plan.id} data-plan={plan.name}>
                {plan.liveTranscriptionHours ?? "Unlimited"}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">Press release audio storage</th>
            {plans.map((plan) => (
              <td key={plan.id} data-plan={plan.name}>
                {storage(plan)}
              </td>
            ))}
          </tr>
          <tr>
            <th scope="row">Seats (people in the workspace)</th>
            {plans.map((plan) => (
              <td key={plan.id} data-plan={plan.name}>
                {seats(plan)}
              </td>
            ))}
          </tr>
          {ALLOWANCES.slice(1, 3).map(({ label, value }) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {plans.map((plan) => (
                <td key={plan.id} data-plan={plan.name}>
                  {value(plan)}
                </td>
              ))}
            </tr>
          ))}
          {features.map((feature) => (
            <tr key={feature.id}>
              <th scope="row">{feature.label}</th>
              {plans.map((plan) => (
                <td key={plan.id} data-plan={plan.name}>
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
  );
}

/** The same on every plan: a ceiling on runaway use rather than an allowance to count down. */
function HourlyRequests({ requests }: { requests: PlansResponse["hourlyRequests"] }) {
  return (
    <section className="panel plan-fair-use" aria-labelledby="plan-fair-use">
      <h2 id="plan-fair-use">On every plan, each hour</h2>
      <p className="muted">
        Speech, voice conversions, reports and releases are not counted against a monthly allowance. Each plan takes up
        to this many an hour; their recordings count towards storage.
      </p>
      <ul className="plan-fair-use__list">
        {HOURLY.map(({ tool, label }) => (
          <li key={tool}>
            <strong>{groupThousands(requests[tool])}</strong> {label}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Opens the checkout of a plan chosen before logging in, once the person is in and verified. */
function usePendingCheckout(plans: readonly Plan[]) {
  const user = useStoredUser();
  const { start } = useCheckout();
  const ready = user !== null && user.email_verified !== false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the person becomes able to pay, not on every render's new `start`
  useEffect(() => {
    if (!ready) return;
    const pending = takePendingPlan();
    const plan = plans.find((candidate) => candidate.id === pending);
    if (plan && !plan.contactOnly) void start(plan);
  }, [ready, plans]);
}

export function Component() {
  const { data } = usePlans();
  const verifying = usePaymentReturn();
  const held = useHeldPlan();
  usePendingCheckout(data.plans);
  return (
    <section>
      <DocumentTitle>Pricing · Vox</DocumentTitle>
      <p className="eyebrow">Pricing</p>
      <h1>Simple plans in naira</h1>
      <p className="lead">
        Every plan starts with 2 days of free access. Live transcription is counted in hours per calendar month.
      </p>
      <ul className="plan-grid">
        {data.plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} held={held} />
        ))}
      </ul>
      <FeatureTable plans={data.plans} features={data.features} />
      <HourlyRequests requests={data.hourlyRequests} />
      {verifying && <FullPageSpinner label="Confirming your payment" />}
    </section>
  );
}
