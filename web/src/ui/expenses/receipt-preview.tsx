import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadReceipt, fetchReceipt } from '../../lib/expenses/receipt-file';
import { errorMessage } from '../../lib/api';
import { useObjectUrl } from '../../lib/use-object-url';
import { Button } from '../button';
import { DialogActions, ModalDialog } from '../dialog';
import { LoadError, LoadingSkeleton } from '../query-state';
import { showToast } from '../toast';

/** A receipt shown on the page: fetched with the bearer token, a PDF in a frame or an image. */
export function ReceiptPreview({ receiptId, title }: { receiptId: string; title: string }) {
  const file = useQuery({
    queryKey: ['expenses', 'receipt-file', receiptId],
    queryFn: ({ signal }) => fetchReceipt(receiptId, signal),
    staleTime: Infinity,
  });
  const url = useObjectUrl(file.data);
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
      {url ? (
        // Phones' browsers often show no PDF inside a page: the file opens in a tab of its own.
        <a className="receipt-file__open" href={url} target="_blank" rel="noreferrer">
          Open the receipt in a new tab
        </a>
      ) : null}
    </figure>
  );
}

/**
 * A row's "View receipt" button and the dialog it opens: the receipt on the page, with Download;
 * "None" for a row without a receipt.
 */
export function ReceiptDialogButton({
  receiptId,
  title,
  fileName,
}: {
  receiptId: string | null;
  title: string;
  fileName?: string | null;
}) {
  const [isOpen, setOpen] = useState(false);
  if (!receiptId) return <span className="muted">None</span>;
  return (
    <>
      <Button variant="ghost" onPress={() => setOpen(true)} aria-label={`View receipt: ${title}`}>
        View
      </Button>
      <ModalDialog title="Receipt" isOpen={isOpen} onOpenChange={setOpen} size="large">
        <div className="dialog__body">
          {isOpen ? <ReceiptPreview receiptId={receiptId} title={title} /> : null}
        </div>
        <DialogActions onCancel={() => setOpen(false)}>
          <Button
            variant="primary"
            onPress={() =>
              downloadReceipt(receiptId, fileName ?? null).catch((error: unknown) =>
                showToast(errorMessage(error), 'danger'),
              )
            }
          >
            Download
          </Button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}
