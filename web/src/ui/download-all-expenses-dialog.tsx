import { useState } from 'react';
import {
  endOfMonth,
  exportMessages as msg,
  reviewPeriods,
  type BusinessDate,
  type BusinessMonth,
} from '@portal/contracts';
import { exportExpenses } from '../lib/downloads-expenses';
import { withoutErrors } from '../lib/form-errors';
import type { NamedOption } from '../lib/projects';
import { ModalDialog } from './dialog';
import { DownloadForm, useDownloadRun } from './download-form';
import { ReceiptsZipProgress, useReceiptsZip } from './receipts-zip';
import { Select, type SelectOption } from './select';

export interface ExpensesDownloadFormProps {
  /** 'YYYY-MM' ids, newest first. */
  readonly months: readonly SelectOption[];
  readonly projects: readonly NamedOption[];
  /** What a missing month and a missing project say beside their fields. */
  readonly messages: { readonly month: string; readonly project: string };
  /** Someone else's expenses (an admin); absent: one's own. Null: nobody chosen yet. */
  readonly employee?: { readonly staffId: number; readonly name: string } | null;
  /** Also save the month's spreadsheet (GET /api/expenses/export) before the receipts zip. */
  readonly withSpreadsheet?: boolean;
  readonly initialMonth?: BusinessMonth | null;
  readonly initialProjectId?: number | null;
  readonly onClose: () => void;
}

/**
 * A month's expenses of one project: a month and a project, each flagged beside its field when
 * missing; then (optionally) the spreadsheet, and the receipts zip through the download job with
 * its progress. No receipts: 'Files do not exist for current selection, please try modifying the
 * filters.'.
 */
export function ExpensesDownloadForm({
  months,
  projects,
  messages,
  employee,
  withSpreadsheet = false,
  initialMonth = null,
  initialProjectId = null,
  onClose,
}: ExpensesDownloadFormProps) {
  const [month, setMonth] = useState<string | null>(
    months.some((m) => m.id === initialMonth) ? initialMonth : null,
  );
  const [projectId, setProjectId] = useState<number | null>(initialProjectId);
  const [spreadsheet, setSpreadsheet] = useState<string | null>(null);
  const { busy, errors, setErrors, warning, run } = useDownloadRun({ notFound: msg.filesDoNotExist });
  const zip = useReceiptsZip();
  const employeeId = employee ? { employeeId: employee.staffId } : {};

  const download = () => {
    const problems: Record<string, string> = {};
    if (!month) problems.month = messages.month;
    if (projectId === null) problems.projectId = messages.project;
    setErrors(problems);
    setSpreadsheet(null);
    if (!month || projectId === null || employee === null) return;
    void run(async () => {
      if (withSpreadsheet) {
        const start = `${month}-01`;
        setSpreadsheet(await exportExpenses({ start, end: endOfMonth(start), projectId, ...employeeId }));
      }
      await zip.start({ month, projectId, ...employeeId });
    });
  };

  return (
    <DownloadForm
      onSubmit={download}
      onClose={onClose}
      isPending={busy || zip.running}
      isDisabled={employee === null}
      warning={warning}
    >
      {employee !== undefined ? (
        <p>
          {employee
            ? `The expenses of ${employee.name}: the month's spreadsheet and its receipts as a zip.`
            : 'Choose an employee in the filters first.'}
        </p>
      ) : null}
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
      <ReceiptsZipProgress zip={zip} />
    </DownloadForm>
  );
}

export interface DownloadAllExpensesProps {
  readonly isOpen: boolean;
  readonly today: BusinessDate;
  /** Whose expenses: the person chosen in the admin review's filters (null: none chosen yet). */
  readonly employee: { readonly staffId: number; readonly name: string } | null;
  /** The projects the admin may choose (their owner scope). */
  readonly projects: readonly NamedOption[];
  readonly initialMonth?: BusinessMonth | null;
  readonly initialProjectId?: number | null;
  readonly onClose: () => void;
}

/**
 * Download All Expenses (admin review): a calendar month from six back to one ahead (expenses
 * and receipts are kept per calendar month) and a project ('Month is required.', 'Please select
 * the project.'); the month's spreadsheet, then its receipts zip.
 */
export function DownloadAllExpensesDialog({ isOpen, today, ...props }: DownloadAllExpensesProps) {
  const months = reviewPeriods('Standard Month (First to last)', today).map((p) => ({
    id: p.key,
    name: p.label,
  }));
  return (
    <ModalDialog
      title="Download All Expenses"
      isOpen={isOpen}
      onOpenChange={(open) => !open && props.onClose()}
    >
      {isOpen ? (
        <ExpensesDownloadForm
          {...props}
          months={months}
          messages={{ month: msg.monthRequired, project: msg.selectProject }}
          withSpreadsheet
        />
      ) : null}
    </ModalDialog>
  );
}
