import { claimPreviewText, expenseMessages as msg } from '@portal/contracts';
import { formatDecimal, formatTableDate } from '../../../lib/format';
import { type ClaimPreviewInput, useClaimPreview } from '../api/preview-claim';

/**
 * The claimed amount and the rate before Submit, as the server will save them. Said politely to
 * screen readers; while it loads nothing is said, and a failure says only that it cannot be shown.
 */
export function ClaimPreviewNote({ input, today }: { input: ClaimPreviewInput; today: string }) {
  const preview = useClaimPreview(input, today);
  let text = '';
  if (!preview.isComplete) text = msg.previewWaiting;
  else if (preview.isSettled && preview.data)
    text = claimPreviewText(preview.data, (value) => formatDecimal(value, 2), formatTableDate);
  else if (preview.isSettled && preview.isError) text = msg.previewUnavailable;
  const isFigure = preview.isSettled && Boolean(preview.data);
  return (
    <p
      className={['expense-preview', isFigure ? 'expense-preview--figure' : 'muted'].join(' ')}
      role="status"
      aria-live="polite"
    >
      {text}
    </p>
  );
}
