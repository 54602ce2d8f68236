import { useEffect, useId, useRef } from 'react';
import { checkResumeFile, MAX_RESUME_BYTES, megabytes, resumeMessages } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { useUploadResume } from '../api/hiring-api';

export interface ResumeFieldProps {
  /** What the form holds now: an uploaded resume's type, or the stored one's; null: none. */
  readonly current: { readonly label: string } | null;
  readonly onUploaded: (resumeId: string, label: string) => void;
  /** The rule's message (required, refused by the server); shown beside the field. */
  readonly errorMessage?: string;
  readonly onProblem: (message: string | null) => void;
  /** Told when an upload starts and ends (the form does not save while one is under way). */
  readonly onUploadingChange: (uploading: boolean) => void;
}

const TYPE_NAMES: Record<string, string> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'application/pdf': 'PDF',
  'application/msword': 'Word document',
};

export const resumeLabel = (contentType: string, size?: number) =>
  `${TYPE_NAMES[contentType] ?? 'file'}${size === undefined ? '' : `, ${Math.max(1, Math.round(size / 1024))} KB`}`;

/**
 * The resume: one PNG, JPEG, PDF or Word (.doc) file of at most 10 MB, uploaded as soon as it is
 * chosen. Count and size are checked here first; the server checks the bytes and the size again.
 */
export function ResumeField({
  current,
  onUploaded,
  errorMessage: problem,
  onProblem,
  onUploadingChange,
}: ResumeFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadResume();
  useEffect(() => onUploadingChange(upload.isPending), [upload.isPending, onUploadingChange]);

  const send = (files: readonly File[]) => {
    const refusal = checkResumeFile(files);
    if (refusal) {
      onProblem(refusal);
      return;
    }
    const [file] = files;
    if (!file) return;
    onProblem(null);
    upload.mutate(file, {
      onSuccess: (answer) => onUploaded(answer.resumeId, resumeLabel(answer.contentType, answer.size)),
      onError: (error) => onProblem(errorMessage(error, resumeMessages.unreadable)),
    });
  };

  return (
    <div className="field resume-field" data-invalid={problem ? true : undefined}>
      <label htmlFor={inputId} className="field__label">
        Resume
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept=".pdf,.png,.jpg,.jpeg,.doc,application/pdf,image/png,image/jpeg,application/msword"
        className="field__input"
        aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
        aria-invalid={problem ? true : undefined}
        disabled={upload.isPending}
        onChange={(event) => {
          send([...(event.target.files ?? [])]);
          // The same file chosen again after a refusal still fires a change.
          event.target.value = '';
        }}
      />
      <p id={`${inputId}-hint`} className="field__description">
        One PNG, JPEG, PDF or Word (.doc) file, at most {megabytes(MAX_RESUME_BYTES)}.
      </p>
      {upload.isPending ? <p role="status">Uploading the resume…</p> : null}
      {current && !upload.isPending ? <p role="status">Resume attached ({current.label}).</p> : null}
      {problem ? (
        <p id={`${inputId}-error`} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
