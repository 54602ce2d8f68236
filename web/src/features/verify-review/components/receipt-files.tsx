import type { ExpenseRow } from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { ReceiptPreview } from '../../../ui/expenses/receipt-preview';
import { EmptyState, LoadingSkeleton } from '../../../ui/query-state';

const titleOf = (row: ExpenseRow) =>
  `Receipt ${row.receiptFileName ?? 'receipt.pdf'}, ${row.categoryName} on ${formatTableDate(row.date)}`;

/** Show Files: the selection's receipts on the page, one after another (PDFs and images). */
export function ReceiptFiles({ rows }: { rows: readonly ExpenseRow[] | undefined }) {
  const withReceipt = (rows ?? []).filter(
    (row): row is ExpenseRow & { receiptId: string } => row.receiptId !== null,
  );
  return (
    <section className="card receipt-files" aria-labelledby="receipt-files-title">
      <h2 id="receipt-files-title" className="card__title">
        Files
      </h2>
      {rows === undefined ? (
        <LoadingSkeleton what="files" lines={2} />
      ) : withReceipt.length === 0 ? (
        <EmptyState>No receipts are attached to the expenses of this selection.</EmptyState>
      ) : (
        withReceipt.map((row) => (
          <ReceiptPreview key={row.id} receiptId={row.receiptId} title={titleOf(row)} />
        ))
      )}
    </section>
  );
}
