import type { Organisation } from "./organisation.ts";

/**
 * What a document sent out in the organisation's name carries at its head, from the press kit:
 * its name, the city it writes from, and who the press should contact. The kit holds no website
 * or postal address, so the letterhead claims none.
 */
export interface Letterhead {
  readonly name: string;
  readonly lines: readonly string[];
}

/** The kit's letterhead; null for an account that has named no organisation, which then has none. */
export function letterheadOf(kit: Organisation): Letterhead | null {
  if (!kit.name) return null;
  const { name, email, phone } = kit.media_contact;
  const contact = [name, email, phone].filter(Boolean).join(" · ");
  return { name: kit.name, lines: [kit.dateline_city, ...(contact ? [`Media contact: ${contact}`] : [])] };
}
