import { useState } from 'react';
import { codeOfConductMessages as msg, formatAcknowledgedAt } from '@portal/contracts';
import { Checkbox } from '../../ui/checkbox';
import { ConfirmDialog } from '../../ui/dialog';
import { QueryState } from '../../ui/query-state';
import { showToast } from '../../ui/toast';
import { useAcknowledgeCodeOfConduct, useCodeOfConduct } from './api/code-of-conduct-api';
import { CodeOfConductText } from './code-of-conduct-text';
import { Page } from '../../ui/page';
import './self-service.css';

/**
 * '/codeOfConduct': the code, and 'I acknowledge' (ticked, then Yes). No, or closing the
 * question, unticks it. Once acknowledged the box stays ticked and locked, with the person's name
 * and the time (long en-US format, the reader's time zone).
 */
export function CodeOfConductPage() {
  const status = useCodeOfConduct();
  const acknowledge = useAcknowledgeCodeOfConduct();
  const [ticked, setTicked] = useState(false);

  function answerNo() {
    setTicked(false);
  }

  function answerYes() {
    acknowledge.mutate(
      { acknowledged: true },
      {
        onSuccess: () => showToast(msg.acknowledged, 'success'),
        onError: () => showToast(msg.failed, 'danger'),
        onSettled: () => setTicked(false),
      },
    );
  }

  return (
    <Page title="Code of Conduct">
      <section className="card" aria-label="Code of Conduct">
        <CodeOfConductText />
      </section>
      <section className="card" aria-labelledby="acknowledgement-title">
        <h2 id="acknowledgement-title" className="card__title">
          Your acknowledgement
        </h2>
        <QueryState query={status} what="your acknowledgement" skeletonLines={2}>
          {({ name, acknowledgedAt }) => (
            <div className="code-of-conduct__acknowledgement">
              <Checkbox
                isSelected={acknowledgedAt !== null || ticked}
                isDisabled={acknowledgedAt !== null || acknowledge.isPending}
                onChange={setTicked}
              >
                I acknowledge
              </Checkbox>
              <p role="status">
                {acknowledgedAt === null
                  ? msg.none
                  : `Acknowledged by ${name} on ${formatAcknowledgedAt(acknowledgedAt)}`}
              </p>
            </div>
          )}
        </QueryState>
      </section>
      <ConfirmDialog
        title="Code of Conduct"
        isOpen={ticked}
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={answerYes}
        onCancel={answerNo}
        isPending={acknowledge.isPending}
      >
        {msg.confirm}
      </ConfirmDialog>
    </Page>
  );
}
