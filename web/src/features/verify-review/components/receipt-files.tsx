import { useQuery } from '@tanstack/react-query';
import type { ExpenseRow } from '@portal/contracts';
import { fetchReceipt } from '../../../lib/expenses/receipt-file';
import { formatTableDate } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { EmptyState, LoadError, LoadingSkeleton } from '../../../ui/query-state';

function ReceiptView({ row }: { row: ExpenseRow & { receiptId: string } }) {
  const file = useQuery({
    queryKey: ['expenses', 'receipt-file', row.receiptId],
    queryFn: ({ signal }) => fetchReceipt(row.receiptId, signal),
    staleTime: Infinity,
  });
  const url = useObjectUrl(file.data);
  const name = row.receiptFileName ?? 'receipt.pdf';
  const title = `Receipt ${name}, ${row.categoryName} on ${formatTableDate(row.date)}`;
  let body;
  if (file.isError) {
    body = (
      <LoadError error={file.error} what="this receipt" onRetry={file.refetch} isRetrying={file.isFetching} />
    );
  } else if (!url || !file.data) {
    body = <LoadingSkeleton what="the receipt" lines={3} />;
  } else if (file.data.type.startsWith('image/')) {
    body = <img className="receipt-file__image" src={url} alt={title} />;
  } else {
    body = <iframe className="receipt-file__frame" src={url} title={title} />;
  }
  return (
    <figure className="receipt-file">
      <figcaption className="receipt-file__caption">{title}</figcaption>
      {body}
    </figure>
  );
}

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
        withReceipt.map((row) => <ReceiptView key={row.id} row={row} />)
      )}
    </section>
  );
}
