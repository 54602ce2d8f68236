import { useState } from 'react';
import {
  endOfMonth,
  exportMessages as msg,
  reviewPeriods,
  type BusinessDate,
  type BusinessMonth,
} from '@portal/contracts';
import { ApiError, errorMessage } from '../lib/api';
import { exportExpenses } from '../lib/downloads-expenses';
import { type FieldErrors, fieldErrorsOf, withoutErrors } from '../lib/form-errors';
import type { NamedOption } from '../lib/projects';
import { Button } from './button';
import { ModalDialog } from './dialog';
import { ReceiptsZipProgress, useReceiptsZip } from './receipts-zip';
import { Select } from './select';
import { showToast } from './toast';

/** Calendar months, as the expense ledger keeps them: six back to one ahead (the review's span). */
function reviewMonths(today: BusinessDate) {
  return reviewPeriods('Standard Month (First to last)', today).map((p) => ({ id: p.key, name: p.label }));
}

export interface DownloadAllExpensesProps {
  readonly today: BusinessDate;
  /** Whose expenses: the person chosen in the admin review's filters (null: none chosen yet). */
  readonly employee: { readonly staffId: number; readonly name: string } | null;
  /** The projects the admin may choose (their owner scope). */
  readonly projects: readonly NamedOption[];
  readonly initialMonth?: BusinessMonth | null;
  readonly initialProjectId?: number | null;
  readonly onClose: () => void;
}

function DownloadAllExpensesForm({
  today,
  employee,
  projects,
  initialMonth = null,
  initialProjectId = null,
  onClose,
}: DownloadAllExpensesProps) {
  const months = reviewMonths(today);
  const [month, setMonth] = useState<string | null>(
    months.some((m) => m.id === initialMonth) ? initialMonth : null,
  );
  const [projectId, setProjectId] = useState<number | null>(initialProjectId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notFound, setNotFound] = useState(false);
  const [spreadsheet, setSpreadsheet] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zip = useReceiptsZip();

  const download = async () => {
    const problems: Record<string, string> = {};
    if (!month) problems.month = msg.monthRequired;
    if (projectId === null) problems.projectId = msg.selectProject;
    setErrors(problems);
    setNotFound(false);
    setSpreadsheet(null);
    if (!month || projectId === null || !employee) return;
    setBusy(true);
    try {
      const start = `${month}-01`;
      setSpreadsheet(
        await exportExpenses({ start, end: endOfMonth(start), projectId, employeeId: employee.staffId }),
      );
      await zip.start({ month, projectId, employeeId: employee.staffId });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setNotFound(true);
        showToast(msg.filesDoNotExist, 'warning');
      } else {
        if (error instanceof ApiError) setErrors(fieldErrorsOf(error.problems));
        showToast(errorMessage(error), 'danger');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="edit-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void download();
      }}
    >
      <p>
        {employee
          ? `The expenses of ${employee.name}: the month's spreadsheet and its receipts as a zip.`
          : 'Choose an employee in the filters first.'}
      </p>
      <Select
        label="Month"
        options={months}
        value={month}
        onChange={(key) => {
          setMonth(key === null ? null : String(key));
          setErrors((current) => withoutErrors(current, 'month'));
        }}
        errorMessage={errors.month}
        isRequired
      />
      <Select
        label="Project"
        options={projects}
        value={projectId}
        onChange={(key) => {
          setProjectId(key === null ? null : Number(key));
          setErrors((current) => withoutErrors(current, 'projectId'));
        }}
        errorMessage={errors.projectId}
        isRequired
      />
      {spreadsheet ? <p role="status">{`Spreadsheet ${spreadsheet} downloaded.`}</p> : null}
      {notFound ? (
        <p role="alert" className="alert alert--warning">
          {msg.filesDoNotExist}
        </p>
      ) : null}
      <ReceiptsZipProgress zip={zip} />
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        <Button type="submit" isPending={busy || zip.running} isDisabled={!employee}>
          Download
        </Button>
      </div>
    </form>
  );
}

/**
 * Download All Expenses (admin review): a month and a project, each flagged beside its field when
 * missing; then the month's expense spreadsheet (GET /api/expenses/export) and its receipts zip
 * (the download job, with progress). No receipts: 'Files do not exist for current selection…'.
 */
export function DownloadAllExpensesDialog({
  isOpen,
  ...props
}: { readonly isOpen: boolean } & DownloadAllExpensesProps) {
  return (
    <ModalDialog
      title="Download All Expenses"
      isOpen={isOpen}
      onOpenChange={(open) => !open && props.onClose()}
    >
      {isOpen ? <DownloadAllExpensesForm {...props} /> : null}
    </ModalDialog>
  );
}
