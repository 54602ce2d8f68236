import { ApiError, errorMessage } from '../lib/api';
import { type FieldErrors, fieldErrorsOf } from '../lib/form-errors';
import { showToast } from './toast';

/** Said when a form's own check refuses it: the messages are beside the fields. */
export const CORRECT_THE_FIELDS = 'Please correct the highlighted fields.';

/** A form its own check refused: each message beside its field, and a toast that says so. */
export function showRefusedFields(errors: FieldErrors, setErrors: (errors: FieldErrors) => void): void {
  setErrors(errors);
  showToast(CORRECT_THE_FIELDS, 'danger');
}

/**
 * A send that failed: the server's field problems beside the fields (none when it named none, or
 * never answered) and its message, or `fallback`, in a toast.
 */
export function showSendFailure(
  failure: unknown,
  setErrors: (errors: FieldErrors) => void,
  fallback?: string,
): void {
  setErrors(fieldErrorsOf(failure instanceof ApiError ? failure.problems : []));
  showToast(errorMessage(failure, fallback), 'danger');
}
