import type { BillingResponse } from "@worker/billing/contracts/billing.ts";
import { usedText } from "@worker/billing/contracts/usage-format.ts";

/** This period's use of each allowance, as labelled meters (text alone when unlimited). */
export function UsageMeters({ usage }: { usage: BillingResponse["usage"] }) {
  return (
    <section className="billing__section" aria-labelledby="billing-usage">
      <h2 id="billing-usage">This period's usage</h2>
      <ul className="usage-list">
        {usage.map((item) => (
          <li key={item.tool} className="usage-list__item">
            <span id={`usage-${item.tool}`}>{item.label}</span>
            <span className="muted">{usedText(item)}</span>
            {item.allowance !== null && (
              <meter
                className="usage-list__meter"
                min={0}
                max={item.allowance}
                value={Math.min(item.used, item.allowance)}
                aria-labelledby={`usage-${item.tool}`}
                aria-valuetext={usedText(item)}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
