import type { Receipt } from "@worker/billing/contracts/billing.ts";
import { formatBillingDate, formatKobo, vatIncludedKobo } from "@worker/billing/contracts/billing-figures.ts";
import { useState } from "react";
import { Dialog } from "../ui/dialog.tsx";

/** One receipt as it prints: the print stylesheet leaves only this on the page. */
function ReceiptDialog({ receipt, onClose }: { receipt: Receipt; onClose: () => void }) {
  return (
    <Dialog title="Receipt" onClose={onClose}>
      <div className="receipt">
        <p>
          <strong>Vox</strong>
          <br />
          Lagos, Nigeria
          <br />
          {window.location.host}
        </p>
        <dl className="details">
          <dt>Date</dt>
          <dd>{formatBillingDate(receipt.paid_at)}</dd>
          <dt>Reference</dt>
          <dd className="receipt__reference">{receipt.reference}</dd>
          <dt>Amount paid</dt>
          <dd>{formatKobo(receipt.amount)}</dd>
          <dt>VAT (7.5%) included</dt>
          <dd>{formatKobo(vatIncludedKobo(receipt.amount))}</dd>
        </dl>
        <button type="button" className="button button--primary receipt__print" onClick={() => window.print()}>
          Print
        </button>
      </div>
    </Dialog>
  );
}

/** The account's paid orders, newest first, each opening a printable receipt. */
export function BillingReceipts({ receipts }: { receipts: readonly Receipt[] }) {
  const [shown, setShown] = useState<Receipt | null>(null);
  return (
    <section className="billing__section" aria-labelledby="billing-receipts">
      <h2 id="billing-receipts">Receipts</h2>
      {receipts.length === 0 ? (
        <p className="muted">No payments yet.</p>
      ) : (
        <ul className="receipt-list">
          {receipts.map((receipt) => (
            <li key={receipt.id} className="receipt-list__item">
              <span>{formatBillingDate(receipt.paid_at)}</span>
              <span>{formatKobo(receipt.amount)}</span>
              <span className="receipt__reference muted">{receipt.reference}</span>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Print receipt ${receipt.reference}`}
                onClick={() => setShown(receipt)}
              >
                Print
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown && <ReceiptDialog receipt={shown} onClose={() => setShown(null)} />}
    </section>
  );
}
