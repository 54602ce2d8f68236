import { useState } from 'react';
import { leaveMessages as msg } from '@portal/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { type FieldErrors, fieldErrorsOf, withoutErrors } from '../../../lib/form-errors';
import { showToast } from '../../../ui/toast';
import { useSaveLeave } from '../api/leave-api';
import { checkDraft, type LeaveDraft } from './leave-fields';

/**
 * One leave form's state and its save: the shared rules first (nothing is sent while a field is
 * wrong), then POST or PUT; the server's problems (an overlap names the other leave) go beside
 * the fields and in a toast. `onSaved` runs after the success toast.
 */
export function useLeaveForm(leaveId: string | null, initial: LeaveDraft, onSaved: () => void) {
  const [draft, setDraft] = useState<LeaveDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveLeave();

  const change = (next: Partial<LeaveDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors((current) => withoutErrors(current, ...Object.keys(next)));
  };

  const submit = () => {
    const checked = checkDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(
      { leaveId, form: checked.request },
      {
        onSuccess: () => {
          showToast(leaveId === null ? msg.added : msg.updated, 'success');
          setErrors({});
          onSaved();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error instanceof ApiError ? error.problems : []));
          showToast(errorMessage(error, msg.failed), 'danger');
        },
      },
    );
  };

  const reset = (to: LeaveDraft) => {
    setDraft(to);
    setErrors({});
  };

  return { draft, errors, change, submit, reset, isPending: save.isPending };
}
