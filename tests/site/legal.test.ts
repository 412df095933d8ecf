import { formatBillingDate } from "@worker/billing/contracts/billing-figures.ts";
import { describe, expect, it } from "vitest";
import { LEGAL_UPDATED } from "../../site/src/legal.ts";

describe("the privacy notice and the terms", () => {
  it("write the day they last changed as every other Vox date is written", () => {
    expect(LEGAL_UPDATED.text).toBe(formatBillingDate(LEGAL_UPDATED.iso));
  });
});
