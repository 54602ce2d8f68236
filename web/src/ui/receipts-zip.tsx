import { useEffect, useRef, useState } from 'react';
import type { ReceiptsDownloadBody } from '@portal/contracts';
import { errorMessage } from '../lib/api';
import {
  isFinished,
  saveReceiptsZip,
  startReceiptsDownload,
  useReceiptsDownloadJob,
} from '../lib/downloads-expenses';
import { loadFailureMessage } from '../lib/load-failure';
import { showToast } from './toast';

/**
 * The receipts zip of a month and project (POST /api/expenses/downloads, then the job's progress,
 * then the file, saved once when the job completes). `start` throws what the server refused
 * (404 when there are no files, 400 naming fields), so the form says it beside its fields.
 */
export function useReceiptsZip() {
  const [jobId, setJobId] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const job = useReceiptsDownloadJob(jobId);
  const savedFor = useRef<string | null>(null);
  const state = job.data?.state;

  useEffect(() => {
    if (!jobId || state !== 'completed' || savedFor.current === jobId) return;
    savedFor.current = jobId;
    saveReceiptsZip(jobId, job.data?.fileName)
      .then((fileName) => setSaved(fileName))
      .catch((error: unknown) => showToast(errorMessage(error), 'danger'));
  }, [jobId, state, job.data?.fileName]);

  const start = async (body: ReceiptsDownloadBody): Promise<void> => {
    const started = await startReceiptsDownload(body);
    savedFor.current = null;
    setSaved(null);
    setJobId(started.jobId);
  };

  const running = jobId !== null && !isFinished(job.data) && !job.isError;
  return { jobId, job, saved, start, running };
}

export type ReceiptsZip = ReturnType<typeof useReceiptsZip>;

/** The zip's progress bar and what it is doing; nothing until a job was started. */
export function ReceiptsZipProgress({ zip }: { zip: ReceiptsZip }) {
  if (zip.jobId === null) return null;
  const { job, saved } = zip;
  const state = job.data?.state;
  const progress = Math.max(0, Math.min(100, Math.round(job.data?.progress ?? 0)));
  return (
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
  );
}
