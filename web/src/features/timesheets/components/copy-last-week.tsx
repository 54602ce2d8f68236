import { useState } from 'react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { copyWeekMessages, type CopyWeekProposal } from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { EmptyState, LoadError, LoadingSkeleton } from '../../../ui/query-state';
import { copyLastWeekQuery } from '../api/copy-last-week';
import { CopyReview } from './copy-review';

/**
 * "Copy last week": fills this week with last week's entries for review (records 0261, 0262).
 * Loading, error (Retry or Close), empty (nothing last week: nothing changes) and the review.
 */
export function CopyLastWeek({ today }: { today: string }) {
  // Each press asks afresh (a new key); closing keeps the count, so no answer is reused.
  const [request, setRequest] = useState(0);
  const [open, setOpen] = useState(false);
  const copy = useQuery({ ...copyLastWeekQuery(request), enabled: open });
  const close = () => setOpen(false);

  return (
    <section className="card copy-week" aria-labelledby="copy-week-title">
      <div className="split-row">
        <h2 id="copy-week-title" className="card__title">
          Copy last week
        </h2>
        {open ? null : (
          <Button
            variant="secondary"
            onPress={() => {
              setRequest((n) => n + 1);
              setOpen(true);
            }}
          >
            Copy last week
          </Button>
        )}
      </div>
      {open ? (
        <CopyState copy={copy} today={today} onClose={close} />
      ) : (
        <p className="muted">
          Fills this week with last week&apos;s entries, day by day, for you to check and submit.
        </p>
      )}
    </section>
  );
}

function CopyState({
  copy,
  today,
  onClose,
}: {
  copy: UseQueryResult<CopyWeekProposal>;
  today: string;
  onClose: () => void;
}) {
  const closeButton = (
    <Button variant="secondary" onPress={onClose}>
      Close
    </Button>
  );
  if (copy.isError) {
    return (
      <div className="stack">
        <LoadError
          error={copy.error}
          what="entries of last week"
          onRetry={copy.refetch}
          isRetrying={copy.isFetching}
        />
        <div>{closeButton}</div>
      </div>
    );
  }
  if (!copy.data) return <LoadingSkeleton what="last week's entries" lines={3} />;
  const proposal = copy.data;
  const weekLine = (
    <p className="muted">
      From the week of{' '}
      <time dateTime={proposal.lastWeek.first}>{formatTableDate(proposal.lastWeek.first)}</time> to the week
      of <time dateTime={proposal.week.first}>{formatTableDate(proposal.week.first)}</time>.
    </p>
  );
  if (proposal.lastWeekCount === 0) {
    return <EmptyState action={closeButton}>{copyWeekMessages.nothingLastWeek}</EmptyState>;
  }
  return (
    <div className="stack">
      {weekLine}
      <Skipped proposal={proposal} />
      {proposal.entries.length === 0 ? (
        <EmptyState action={closeButton}>{copyWeekMessages.nothingLeft}</EmptyState>
      ) : (
        <CopyReview key={copy.dataUpdatedAt} entries={proposal.entries} today={today} onDone={onClose} />
      )}
    </div>
  );
}

function Skipped({ proposal }: { proposal: CopyWeekProposal }) {
  if (proposal.skipped.length === 0) return null;
  return (
    <div>
      <h3 id="copy-week-skipped" className="copy-week__subtitle">
        Not copied
      </h3>
      <ul className="copy-week__skipped" aria-labelledby="copy-week-skipped">
        {proposal.skipped.map((skip) => (
          <li key={`${skip.date}|${skip.reason}|${skip.projectName ?? ''}`}>
            <time dateTime={skip.date}>{formatTableDate(skip.date)}</time>: {skip.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
