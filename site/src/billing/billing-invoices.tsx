import { formatBillingDate, formatKobo } from "@worker/billing/contracts/billing-figures.ts";
import type { Invoice } from "@worker/billing/contracts/invoices.ts";
import { PLANS } from "@worker/billing/contracts/plans.ts";
import { useState } from "react";
import { downloadBlob } from "../ui/download.ts";
import { errorMessage } from "../ui/form-fields.tsx";
import { toast } from "../ui/toast.ts";
import { useInvoices } from "./use-billing.ts";

const planName = (id: string) => PLANS.find((plan) => plan.id === id)?.name ?? id;

function DownloadButton({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { fetchInvoicePdf } = await import("./billing-api.ts");
      const file = await fetchInvoicePdf(invoice.id);
      downloadBlob(file.blob, file.name);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--ghost"
      aria-label={`Download invoice ${invoice.number} (PDF)`}
      aria-busy={busy}
      disabled={busy}
      onClick={download}
    >
      PDF
    </button>
  );
}

/** The account's invoices, newest first, each its PDF: what accounts file, in place of a printed receipt. */
export function BillingInvoices() {
  const { data, error } = useInvoices();
  return (
    <section className="billing__section" aria-labelledby="billing-invoices">
      <h2 id="billing-invoices">Invoices</h2>
      {error && !data ? (
        <p className="muted" role="alert">
          Could not load your invoices. Reload the page to try again.
        </p>
      ) : !data ? (
        <p className="muted">Loading invoices…</p>
      ) : data.items.length === 0 ? (
        <p className="muted">No payments yet.</p>
      ) : (
        <ul className="receipt-list">
          {data.items.map((invoice) => (
            <li key={invoice.id} className="receipt-list__item">
              <span>{invoice.number}</span>
              <span>{formatBillingDate(invoice.issued_at)}</span>
              <span>{planName(invoice.plan)}</span>
              <span>{formatKobo(invoice.amount)}</span>
              <DownloadButton invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
