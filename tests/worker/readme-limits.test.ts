/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import { PLANS } from "../../worker/billing/contracts/plans.ts";
import { groupThousands } from "../../worker/contracts/numbers.ts";

/** The README's limits table says the plan table's figures, Monthly / Yearly / Enterprise. */
const byPlan = (figure: (plan: (typeof PLANS)[number]) => string) => PLANS.map(figure).join(" / ");

describe("the README's limits table", () => {
  it("gives each plan's live hours, caption viewers and storage as the plan table enforces them", () => {
    expect(readme).toContain(
      `${byPlan((plan) => (plan.liveTranscriptionHours === null ? "unlimited" : String(plan.liveTranscriptionHours)))} hours a month by plan`,
    );
    expect(readme).toContain(`caption viewers ${byPlan((plan) => groupThousands(plan.liveViewers))}`);
    expect(readme).toContain(
      `plan storage ${byPlan((plan) => (plan.storageGb === null ? "unlimited" : `${plan.storageGb} GB`))}`,
    );
  });
});
