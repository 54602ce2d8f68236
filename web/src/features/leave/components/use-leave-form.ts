import { leaveMessages as msg } from '@portal/contracts';
import { showToast } from '../../../ui/toast';
import { useSaveLeave } from '../api/leave-api';
import { checkDraft, type LeaveDraft } from './leave-fields';
import { useDraft } from '../../../lib/form-draft';
import { showSendFailure } from '../../../ui/form-feedback';

/**
 * One leave form's state and its save: the shared rules first (nothing is sent while a field is
 * wrong), then POST or PUT; the server's problems (an overlap names the other leave) go beside
 * the fields and in a toast. `onSaved` runs after the success toast.
 */
export function useLeaveForm(leaveId: string | null, initial: LeaveDraft, onSaved: () => void) {
  const { draft, change, reset, errors, setErrors } = useDraft<LeaveDraft>(initial);
  const save = useSaveLeave();

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
        onError: (error) => showSendFailure(error, setErrors, msg.failed),
      },
    );
  };

  return { draft, errors, change, submit, reset, isPending: save.isPending };
}
