import { type ReactNode, useId, useState } from 'react';
import { importMessages, MAX_IMPORT_BYTES } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { EmptyState } from '../../../ui/query-state';
import { showToast } from '../../../ui/toast';
import { useImportCsv, type ImportKind } from '../api/analytics-api';

export interface CsvUploadProps {
  readonly kind: ImportKind;
  /** 'Upload the Azure cost export (CSV)'. */
  readonly label: string;
  readonly hint: string;
}

/**
 * The upload of a vendor's CSV export: sent as soon as it is chosen, its progress shown, the
 * server's refusal (wrong columns, not a CSV, too large) beside the field.
 */
export function CsvUpload({ kind, label, hint }: CsvUploadProps) {
  const id = useId();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useImportCsv(kind, setProgress);

  const send = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setProblem(importMessages.tooLarge);
      return;
    }
    setProblem(null);
    setProgress(0);
    upload.mutate(file, {
      onSuccess: (answer) => showToast(`Imported ${file.name}: ${answer.rowCount} rows.`, 'success'),
      onError: (error) => setProblem(errorMessage(error, importMessages.unreadable)),
    });
  };

  return (
    <div className="field csv-upload" data-invalid={problem ? true : undefined}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="field__input"
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        disabled={upload.isPending}
        onChange={(event) => {
          send(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p id={`${id}-hint`} className="field__description">
        {hint}
      </p>
      {upload.isPending ? (
        <div role="status" className="csv-upload__progress">
          <progress max={100} value={progress} aria-label="Upload progress" /> Uploading… {progress}%
        </div>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A screen of imported figures before its first upload: says so, with the upload. */
export function NoImportYet({ upload }: { readonly upload: ReactNode }) {
  return (
    <section className="card">
      <EmptyState action={upload}>No export uploaded yet.</EmptyState>
    </section>
  );
}
