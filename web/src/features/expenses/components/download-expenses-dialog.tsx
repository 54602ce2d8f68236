import { useState } from 'react';
import { expenseMessages as msg } from '@portal/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { projectOptionsOf, useBillableProjects } from '../../../lib/projects';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/dialog';
import { ReceiptsZipProgress, useReceiptsZip } from '../../../ui/receipts-zip';
import { Select } from '../../../ui/select';
import { showToast } from '../../../ui/toast';
import { type FieldErrors, fieldErrorsOf, withoutErrors } from '../../../lib/form-errors';
import type { MonthPeriod } from '../periods';

interface DownloadFormProps {
  readonly months: readonly MonthPeriod[];
  readonly onClose: () => void;
}

function DownloadExpensesForm({ months, onClose }: DownloadFormProps) {
  const projects = useBillableProjects();
  const [month, setMonth] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notFound, setNotFound] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const zip = useReceiptsZip();

  const start = async () => {
    const problems: Record<string, string> = {};
    if (!month) problems.month = msg.dateRequired;
    if (projectId === null) problems.projectId = msg.projectRequired;
    setErrors(problems);
    setNotFound(null);
    if (Object.keys(problems).length > 0) return;
    setStarting(true);
    try {
      await zip.start({ month, projectId });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setNotFound(msg.filesDoNotExist);
        showToast(msg.filesDoNotExist, 'warning');
      } else {
        if (error instanceof ApiError) setErrors(fieldErrorsOf(error.problems));
        showToast(errorMessage(error), 'danger');
      }
    } finally {
      setStarting(false);
    }
  };

  return (
    <form
      className="edit-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <Select
        label="Month"
        options={months.map((m) => ({ id: m.id, name: m.name }))}
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
        options={projectOptionsOf(projects.data ?? [])}
        value={projectId}
        onChange={(key) => {
          setProjectId(key === null ? null : Number(key));
          setErrors((current) => withoutErrors(current, 'projectId'));
        }}
        errorMessage={errors.projectId}
        isRequired
      />
      {notFound ? (
        <p role="alert" className="alert alert--warning">
          {notFound}
        </p>
      ) : null}
      <ReceiptsZipProgress zip={zip} />
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        <Button type="submit" isPending={starting || zip.running}>
          Download
        </Button>
      </div>
    </form>
  );
}

/** Download Expenses: the receipts of one month and project, zipped by a background job. */
export function DownloadExpensesDialog({ isOpen, months, onClose }: { isOpen: boolean } & DownloadFormProps) {
  return (
    <ModalDialog title="Download Expenses" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen ? <DownloadExpensesForm months={months} onClose={onClose} /> : null}
    </ModalDialog>
  );
}
