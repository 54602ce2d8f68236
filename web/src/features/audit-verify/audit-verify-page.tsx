import type { BrokenLink, ChainProblem, LogVerification } from '@portal/contracts';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/query-state';
import { useVerifyLog } from './api/verify-log';
import { Page } from '../../ui/page';
import './audit-verify.css';

const problemText: Record<ChainProblem, string> = {
  'content-changed': 'Content changed',
  'link-broken': 'Link broken',
  'missing-revision': 'Missing revision',
};

function BrokenLinkDetails({ link }: { link: BrokenLink }) {
  return (
    <dl className="audit-verify__details">
      <dt>Problem</dt>
      <dd>{problemText[link.problem]}</dd>
      <dt>Stream</dt>
      <dd>
        <code>{link.streamId}</code>
      </dd>
      <dt>Revision</dt>
      <dd>{link.revision}</dd>
      <dt>Event</dt>
      <dd>{link.eventId === null ? 'missing' : <code>{link.eventId}</code>}</dd>
    </dl>
  );
}

function VerificationResult({ result }: { result: LogVerification }) {
  if (result.ok) {
    return (
      <div role="status" className="audit-verify__result audit-verify__result--ok">
        <p>
          <strong>The log is intact.</strong> Every chain holds:{' '}
          {result.checkedEvents.toLocaleString('en-US')} events checked.
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="audit-verify__result audit-verify__result--broken">
      <p>
        <strong>The log has been tampered with.</strong> The first broken link (after{' '}
        {result.checkedEvents.toLocaleString('en-US')} good events):
      </p>
      {result.firstBroken ? (
        <>
          <BrokenLinkDetails link={result.firstBroken} />
          <p>{result.firstBroken.description}</p>
        </>
      ) : null}
    </div>
  );
}

/** '/audit/verify': checks the hash chain of every stream of the event log (admins; the API answers 403 to others). */
export function AuditVerifyPage() {
  const check = useVerifyLog();
  return (
    <Page title="Verify the event log">
      <p className="page__lead">
        Every event carries a hash over its content and the hash of the event before it. The check reads the
        whole log and names the first event that was changed, unlinked or removed.
      </p>
      <Button onPress={() => void check.refetch()} isPending={check.isFetching}>
        Verify the log
      </Button>
      <div className="audit-verify__outcome">
        {check.isFetching ? (
          <p role="status">Checking every chain…</p>
        ) : check.isError ? (
          <LoadError
            error={check.error}
            what="the log check"
            onRetry={check.refetch}
            isRetrying={check.isFetching}
          />
        ) : check.data ? (
          <VerificationResult result={check.data} />
        ) : null}
      </div>
    </Page>
  );
}
