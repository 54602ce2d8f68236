import { type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '../lib/api';
import { type FieldErrors, fieldErrorsOf } from '../lib/form-errors';
import { Button } from './button';
import { showToast } from './toast';
import { CheckedForm } from './checked-form';
import { DialogActions } from './dialog';

export interface DownloadRunOptions {
  /** Said as a warning when the server answers 404 (nothing to download for the selection). */
  readonly notFound?: string;
  /** The server's field problems as the form's fields (default: by their path). */
  readonly fieldsOf?: (error: ApiError) => FieldErrors;
}

/**
 * Sends a download dialog's request: pending while it runs; a 404 becomes the `notFound`
 * warning (when given); any other refusal puts the server's field problems beside the fields and
 * is toasted.
 */
export function useDownloadRun({ notFound, fieldsOf }: DownloadRunOptions = {}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [warning, setWarning] = useState<string | null>(null);

  const run = async (action: () => Promise<void>): Promise<void> => {
    setWarning(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (notFound !== undefined && error instanceof ApiError && error.status === 404) {
        setWarning(notFound);
        showToast(notFound, 'warning');
      } else {
        if (error instanceof ApiError) setErrors(fieldsOf ? fieldsOf(error) : fieldErrorsOf(error.problems));
        showToast(errorMessage(error), 'danger');
      }
    } finally {
      setBusy(false);
    }
  };

  return { busy, errors, setErrors, warning, run };
}

export interface DownloadFormProps {
  readonly onSubmit: () => void;
  readonly onClose: () => void;
  readonly isPending: boolean;
  readonly isDisabled?: boolean;
  /** A warning under the fields (e.g. nothing to download). */
  readonly warning?: string | null;
  /** The submit button's label (default 'Download'). */
  readonly submitLabel?: string;
  /** Another action between Close and the submit button (e.g. the .xlsx beside a report). */
  readonly otherAction?: ReactNode;
  readonly children: ReactNode;
}

/** A download dialog's form: the fields, a warning when there is one, then Close and Download. */
export function DownloadForm({
  onSubmit,
  onClose,
  isPending,
  isDisabled,
  warning,
  submitLabel = 'Download',
  otherAction,
  children,
}: DownloadFormProps) {
  return (
    <CheckedForm className="edit-form stack" onSubmit={onSubmit}>
      {children}
      {warning ? (
        <p role="alert" className="alert alert--warning">
          {warning}
        </p>
      ) : null}
      <DialogActions onCancel={onClose}>
        {otherAction}
        <Button type="submit" isPending={isPending} isDisabled={isDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </CheckedForm>
  );
}
