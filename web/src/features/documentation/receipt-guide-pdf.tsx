import { useQuery } from '@tanstack/react-query';
import { useObjectUrl } from '../../lib/use-object-url';
import { LoadError, LoadingSkeleton } from '../../ui/query-state';

/** The mobile receipt-scanning guide the portal ships (web/public/help, scripts/help-screenshots.mjs). */
export const RECEIPT_GUIDE_PDF = '/help/receipt-scanning-guide.pdf';
const TITLE = 'Scan a receipt with your phone (PDF guide)';

async function fetchGuide(signal: AbortSignal): Promise<Blob> {
  const response = await fetch(RECEIPT_GUIDE_PDF, { signal });
  if (!response.ok) throw new Error(`The guide could not be loaded (${response.status}).`);
  return response.blob();
}

/**
 * The guide shown in the page, with a download link that works wherever the frame does not (a
 * phone browser without a PDF viewer). The frame shows a blob URL of the fetched file: the
 * portal's Content-Security-Policy allows frames of blob: only, and every answer of the portal
 * refuses to be framed (frame-ancestors 'none'), its own PDF included.
 */
export function ReceiptGuidePdf() {
  const guide = useQuery({
    queryKey: ['help', 'receipt-guide'],
    queryFn: ({ signal }) => fetchGuide(signal),
    staleTime: Infinity,
  });
  const url = useObjectUrl(guide.data);
  let body;
  if (guide.isError) {
    body = (
      <LoadError
        error={guide.error}
        what="receipt-scanning guide"
        onRetry={guide.refetch}
        isRetrying={guide.isFetching}
      />
    );
  } else if (!url) {
    body = <LoadingSkeleton what="the receipt-scanning guide" lines={3} />;
  } else {
    body = <iframe className="help-pdf__frame" src={url} title={TITLE} />;
  }
  return (
    <div className="help-pdf">
      {body}
      <p>
        <a href={RECEIPT_GUIDE_PDF} download="receipt-scanning-guide.pdf">
          Download the receipt-scanning guide (PDF)
        </a>{' '}
        to keep it on your phone.
      </p>
    </div>
  );
}
