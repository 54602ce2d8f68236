import { type ReactNode, useId } from 'react';

export interface FileUploadFieldProps {
  readonly label: string;
  readonly hint: ReactNode;
  /** The input's `accept` (what the picker offers; the server checks the content anyway). */
  readonly accept: string;
  /** The refusal shown beside the field (the server's words or the page's own check). */
  readonly problem: string | null;
  /** While the file is being sent: the field is disabled and the progress shown. */
  readonly pending: boolean;
  /** 0 to 100. */
  readonly progress: number;
  /** What is happening while pending ('Uploading…'). */
  readonly pendingText: string;
  readonly onFile: (file: File) => void;
}

/**
 * A file field that sends its file as soon as it is chosen: the label, a hint, the upload's
 * progress while it is sent, and a refusal beside the field (announced, the input marked invalid).
 * The same file may be chosen again after a refusal.
 */
export function FileUploadField({
  label,
  hint,
  accept,
  problem,
  pending,
  progress,
  pendingText,
  onFile,
}: FileUploadFieldProps) {
  const id = useId();
  return (
    <div className="field file-upload" data-invalid={problem ? true : undefined}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        className="field__input"
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        disabled={pending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <p id={`${id}-hint`} className="field__description">
        {hint}
      </p>
      {pending ? (
        <div role="status" className="file-upload__progress">
          <progress max={100} value={progress} aria-label="Upload progress" /> {pendingText} {progress}%
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
