import { useState } from 'react';
import { periodTitle, reviewMessages, type VerificationPeriod, type VerifiedKind } from '@portal/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { usePowerBiEnabled } from '../../../lib/reports';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { ReceiptsZipProgress, useReceiptsZip } from '../../../ui/receipts-zip';
import { showToast } from '../../../ui/toast';
import { useVerifyPeriod } from '../api/verify-period';
import { usePeriodLock } from '../api/verify-review-queries';
import { ReviewReportDialog } from './review-report-dialog';

const KIND_TEXT: Readonly<Record<VerifiedKind, { button: string; done: string; question: string }>> = {
  timesheets: {
    button: 'Verify Timesheets',
    done: 'Timesheets verified',
    question: reviewMessages.verifyTimesheetsConfirm,
  },
  expenses: {
    button: 'Verify Expenses',
    done: 'Expenses verified',
    question: reviewMessages.verifyExpensesConfirm,
  },
};

const NO_FILES = 'Files do not exist for current selection, please try modifying the filters.';

export interface VerifyActionsProps {
  readonly staffId: number;
  /** The period every action works on: one period of the project's cycle (null while the dates are not one). */
  readonly period: VerificationPeriod | null;
  /** Why the actions are off while `period` is null (dates that are not exactly one period). */
  readonly periodNote: string;
  readonly project: { readonly projectId: number; readonly name: string } | null;
  /** Puts 'Project is required.' beside the project field when none is chosen; true when one is. */
  readonly requireProject: () => boolean;
  readonly showFiles: boolean;
  readonly onToggleFiles: () => void;
  readonly onOpenInvoice: () => void;
}

/**
 * Verify Timesheets, Verify Expenses (each after its question), the receipts zip, files, invoice,
 * and Review report when Power BI is configured.
 */
export function VerifyActions(props: VerifyActionsProps) {
  const { staffId, period, project, requireProject } = props;
  const lock = usePeriodLock(staffId, period, project?.projectId ?? null);
  const verify = useVerifyPeriod();
  const zip = useReceiptsZip();
  const [asking, setAsking] = useState<VerifiedKind | null>(null);
  const powerBi = usePowerBiEnabled();
  const [reportOpen, setReportOpen] = useState(false);
  const { verifiedKinds } = lock;

  const ask = (kind: VerifiedKind) => {
    if (requireProject()) setAsking(kind);
  };

  const confirm = () => {
    if (asking === null || !period || !project) return;
    verify.mutate(
      { projectId: project.projectId, what: asking, start: period.start, end: period.end },
      {
        onSuccess: () => showToast(reviewMessages.verified, 'success'),
        onError: () => showToast(reviewMessages.verifyFailed, 'danger'),
        onSettled: () => setAsking(null),
      },
    );
  };

  const downloadAttachments = () => {
    if (!requireProject() || !period || !project) return;
    zip
      .start({ start: period.start, end: period.end, projectId: project.projectId })
      .catch((error: unknown) => {
        const none = error instanceof ApiError && error.status === 404;
        showToast(none ? NO_FILES : errorMessage(error), 'danger');
      });
  };

  return (
    <div className="verify-actions">
      <div className="verify-actions__buttons" role="group" aria-label="Actions">
        {(['timesheets', 'expenses'] as const).map((kind) => {
          const done = verifiedKinds.includes(kind);
          return (
            <Button key={kind} isDisabled={period === null || done} onPress={() => ask(kind)}>
              {done ? KIND_TEXT[kind].done : KIND_TEXT[kind].button}
            </Button>
          );
        })}
        <Button
          variant="secondary"
          isDisabled={period === null}
          isPending={zip.running}
          onPress={downloadAttachments}
        >
          Download Attachments
        </Button>
        <Button variant="secondary" aria-expanded={props.showFiles} onPress={props.onToggleFiles}>
          {props.showFiles ? 'Hide Files' : 'Show Files'}
        </Button>
        <Button
          variant="secondary"
          isDisabled={period === null}
          onPress={() => requireProject() && props.onOpenInvoice()}
        >
          Verification Invoice
        </Button>
        {powerBi ? (
          <Button
            variant="secondary"
            isDisabled={period === null}
            onPress={() => requireProject() && setReportOpen(true)}
          >
            Review report
          </Button>
        ) : null}
      </div>
      {period === null ? <p className="muted verify-actions__note">{props.periodNote}</p> : null}
      <ReceiptsZipProgress zip={zip} />
      {period && project ? (
        <ReviewReportDialog
          isOpen={reportOpen}
          onClose={() => setReportOpen(false)}
          period={period}
          project={project}
        />
      ) : null}
      <ConfirmDialog
        title={asking ? KIND_TEXT[asking].button : ''}
        isOpen={asking !== null}
        confirmLabel="Yes"
        cancelLabel="No"
        isPending={verify.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {asking ? (
          <>
            <p>{KIND_TEXT[asking].question}</p>
            <p className="muted">
              {project?.name}, {period ? periodTitle(period) : ''}. You will not be able to change them
              afterwards unless an admin returns them.
            </p>
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
