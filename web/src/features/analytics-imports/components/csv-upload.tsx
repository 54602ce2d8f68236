import { type ReactNode, useState } from 'react';
import { importMessages, MAX_IMPORT_BYTES } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { FileUploadField } from '../../../ui/file-upload-field';
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
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useImportCsv(kind, setProgress);

  const send = (file: File) => {
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
    <FileUploadField
      label={label}
      hint={hint}
      accept=".csv,text/csv"
      problem={problem}
      pending={upload.isPending}
      progress={progress}
      pendingText="Uploading…"
      onFile={send}
    />
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
