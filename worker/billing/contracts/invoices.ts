import { z } from "zod";

/** `GET /api/billing/invoices`: the signed-in account's invoices, newest first. */

const invoiceSchema = z.object({
  id: z.string(),
  /** `VOX-2026-000001`: the issuer's gap-free sequence. */
  number: z.string(),
  issued_at: z.string(),
  plan: z.enum(["monthly", "yearly", "enterprise"]),
  period_start: z.string(),
  period_end: z.string(),
  /** Kobo, VAT included. */
  amount: z.number().int(),
  /** Kobo: the part of `amount` that is VAT. */
  vat: z.number().int(),
  currency: z.literal("NGN"),
  status: z.literal("paid"),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicesResponse = z.object({ items: z.array(invoiceSchema) });
export type InvoicesResponse = z.infer<typeof invoicesResponse>;

export const invoiceFileQuery = z.object({
  format: z.literal("pdf", { error: "format must be pdf" }).default("pdf"),
});
