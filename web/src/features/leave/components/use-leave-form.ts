import { useState } from 'react';
import { leaveMessages as msg } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { currentLeaveOf, draftOfLeave } from './stale-leave';
import { showToast } from '../../../ui/toast';
import { useSaveLeave } from '../api/leave-api';
import { checkDraft, type LeaveDraft } from './leave-fields';
import { useDraft } from '../../../lib/form-draft';
import { showSendFailure } from '../../../ui/form-feedback';

/** What an edit form is of: the leave and the version the person saw. null: the Add Leave form. */
export interface EditedLeave {
  readonly leaveId: string;
  readonly version: number;
}

/**
 * One leave form's state and its save: the shared rules first (nothing is sent while a field is
 * wrong), then POST or PUT (with the version seen); the server's problems (an overlap names the
 * other leave) go beside the fields and in a toast. A stale edit (409: saved meanwhile in another
 * tab) puts the leave as it is now into the fields, says so in `stale`, and saves on that version
 * next. `onSaved` runs after the success toast.
 */
export function useLeaveForm(edited: EditedLeave | null, initial: LeaveDraft, onSaved: () => void) {
  const { draft, change, reset, errors, setErrors } = useDraft<LeaveDraft>(initial);
  const [version, setVersion] = useState(edited?.version ?? 0);
  const [stale, setStale] = useState<string | null>(null);
  const save = useSaveLeave();

  const submit = () => {
    const checked = checkDraft(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    const form = checked.request;
    save.mutate(edited === null ? { leaveId: null, form } : { leaveId: edited.leaveId, version, form }, {
      onSuccess: () => {
        showToast(edited === null ? msg.added : msg.updated, 'success');
        setErrors({});
        setStale(null);
        onSaved();
      },
      onError: (error) => {
        const current = currentLeaveOf(error);
        if (current) {
          reset(draftOfLeave(current));
          setVersion(current.version);
          setStale(errorMessage(error, msg.staleVersion));
          return;
        }
        showSendFailure(error, setErrors, msg.failed);
      },
    });
  };

  return { draft, errors, change, submit, reset, stale, isPending: save.isPending };
}
