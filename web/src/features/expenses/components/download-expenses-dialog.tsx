import { useEffect, useRef, useState } from 'react';
import { expenseMessages as msg } from '@portal/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { loadFailureMessage } from '../../../lib/load-failure';
import { projectOptionsOf, useBillableProjects } from '../../../lib/projects';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/dialog';
import { Select } from '../../../ui/select';
import { showToast } from '../../../ui/toast';
import {
  isFinished,
  saveReceiptsZip,
  startReceiptsDownload,
  useReceiptsDownloadJob,
} from '../api/download-receipts';
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
  const [jobId, setJobId] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const job = useReceiptsDownloadJob(jobId);
  const savedFor = useRef<string | null>(null);

  const state = job.data?.state;
  const progress = Math.max(0, Math.min(100, Math.round(job.data?.progress ?? 0)));

  // When the job is done, fetch its zip once.
  useEffect(() => {
    if (!jobId || state !== 'completed' || savedFor.current === jobId) return;
    savedFor.current = jobId;
    saveReceiptsZip(jobId, job.data?.fileName)
      .then((fileName) => setSaved(fileName))
      .catch((error: unknown) => showToast(errorMessage(error), 'danger'));
  }, [jobId, state, job.data?.fileName]);

  const start = async () => {
    const problems: Record<string, string> = {};
    if (!month) problems.month = msg.dateRequired;
    if (projectId === null) problems.projectId = msg.projectRequired;
    setErrors(problems);
    setNotFound(null);
    if (Object.keys(problems).length > 0) return;
    setStarting(true);
    try {
      const started = await startReceiptsDownload({ month, projectId });
      savedFor.current = null;
      setSaved(null);
      setJobId(started.jobId);
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

  const running = jobId !== null && !isFinished(job.data) && !job.isError;

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
      {jobId !== null ? (
        <div className="download-progress">
          <div
            className="download-progress__track"
            role="progressbar"
            aria-label="Receipts zip progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={state === 'completed' ? 'Done' : `${progress}%`}
          >
            <div className="download-progress__fill" style={{ width: `${progress}%` }} />
          </div>
          <p className="download-progress__text" role="status">
            {job.isError
              ? loadFailureMessage(job.error, 'zip progress')
              : state === 'failed'
                ? 'The zip could not be made. Try again.'
                : state === 'completed'
                  ? saved
                    ? `Done: ${saved} downloaded.`
                    : 'Done. Downloading the zip…'
                  : `Collecting receipts… ${progress}%`}
          </p>
        </div>
      ) : null}
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        <Button type="submit" isPending={starting || running}>
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
