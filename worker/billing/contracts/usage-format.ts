import { groupThousands } from "../../contracts/numbers.ts";
import { formatBytes } from "../../recordings/contracts/media.ts";

/**
 * How every page writes an allowance and the use of it, one unit for each kind: live transcription
 * in hours and minutes (`9 h 59 min`), storage in bytes' units (`20 GB`). /pricing, Settings ›
 * Billing and VoxScribe all write them here, so no page says "0.02 of 10 hours" while another says
 * "599 minutes left". No zod and no `Intl`, so /pricing and the tools pay nothing for it on load.
 */

type UsageUnit = "seconds" | "bytes";

/** Rounded down to the minute, so time left is never overstated: `35940` → `9 h 59 min`. */
export function formatLiveTime(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${groupThousands(hours)} h` : `${groupThousands(hours)} h ${rest} min`;
}

function formatAmount(unit: UsageUnit, amount: number): string {
  return unit === "seconds" ? formatLiveTime(amount) : formatBytes(amount);
}

export interface Usage {
  readonly unit: UsageUnit;
  readonly used: number;
  /** Null means unlimited. */
  readonly allowance: number | null;
}

/** `2 h 30 min of 10 h used`, or `2 h 30 min used (unlimited)`. */
export function usedText({ unit, used, allowance }: Usage): string {
  return allowance === null
    ? `${formatAmount(unit, used)} used (unlimited)`
    : `${formatAmount(unit, used)} of ${formatAmount(unit, allowance)} used`;
}

/** A plan's allowance as /pricing writes it: `10 h`, `20 GB`, or `Unlimited`. */
export function allowanceText(unit: UsageUnit, allowance: number | null): string {
  return allowance === null ? "Unlimited" : formatAmount(unit, allowance);
}
