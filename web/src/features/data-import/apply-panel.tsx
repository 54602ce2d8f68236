import { useState } from 'react';
import type { DataImportReport } from '@portal/contracts';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { useApplyImport, useImportStatus } from './data-import-api';
import { countsText } from './import-report';

/** Apply a checked import: the job's progress as a bar, then what it did (or where it stopped). */
export function ApplyPanel({ report }: { readonly report: DataImportReport }) {
  const apply = useApplyImport();
  const [started, setStarted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const status = useImportStatus(report.importId, started);
  const state = status.data?.state ?? (started ? 'applying' : 'checked');
  const progress = status.data?.progress ?? 0;

  const start = () => {
    setProblem(null);
    apply.mutate(report.importId, {
      onSuccess: () => setStarted(true),
      onError: (error) => setProblem(errorMessage(error)),
    });
  };

  return (
    <section className="card stack" aria-labelledby="import-apply-title">
      <h2 id="import-apply-title">Apply</h2>
      {state === 'checked' || state === 'failed' ? (
        <div>
          <Button onPress={start} isPending={apply.isPending}>
            {state === 'failed' ? 'Apply again' : 'Apply import'}
          </Button>
        </div>
      ) : null}
      {state === 'applying' ? (
        <div role="status" className="data-import__progress">
          <progress max={100} value={progress} aria-label="Import progress" /> Applying… {progress}%
        </div>
      ) : null}
      {state === 'applied' && status.data?.applied ? (
        <p role="status">
          Applied {report.fileName}: {countsText(status.data.applied, true)}.
        </p>
      ) : null}
      {state === 'failed' && status.data?.message ? (
        <p role="alert" className="field__error">
          {status.data.message}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="field__error">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
