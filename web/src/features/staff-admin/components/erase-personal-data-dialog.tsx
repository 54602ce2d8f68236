import { staffErasureMessages as msg } from '@portal/contracts';
import { useDraft } from '../../../lib/form-draft';
import { ConfirmDialog } from '../../../ui/dialog';
import { showSendFailure } from '../../../ui/form-feedback';
import { TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { useEraseStaffPersonalData } from '../api/staff-admin-api';

export interface ErasePersonalDataDialogProps {
  readonly staffId: number;
  readonly name: string;
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

/**
 * Asks before erasing a person's personal data (issue 11), with the reason the log records
 * (required: checked here, and by the server, whose message shows beside the field).
 */
export function ErasePersonalDataDialog({ staffId, name, isOpen, onClose }: ErasePersonalDataDialogProps) {
  const { draft, change, reset, errors, setErrors } = useDraft({ reason: '' });
  const { reason } = draft;
  const erase = useEraseStaffPersonalData(staffId);

  function close() {
    reset({ reason: '' });
    onClose();
  }

  function confirm() {
    if (reason.trim() === '') {
      setErrors({ reason: msg.reasonRequired });
      return;
    }
    // The answer is awaited as a promise, not through mutate's callbacks: the refetch after an
    // erasure may remount the profile form (and this dialog) first, and React Query then drops
    // those callbacks, so the confirmation was sometimes never shown.
    erase.mutateAsync(reason).then(
      () => {
        showToast(msg.erased, 'success');
        close();
      },
      (failure: unknown) => showSendFailure(failure, setErrors),
    );
  }

  return (
    <ConfirmDialog
      title="Erase personal data"
      isOpen={isOpen}
      confirmLabel="Erase"
      cancelLabel="Cancel"
      tone="danger"
      isPending={erase.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      <p>{msg.confirm(name)}</p>
      <TextField
        label="Reason"
        value={reason}
        onChange={(value) => change({ reason: value })}
        errorMessage={errors.reason}
        isRequired
        isDisabled={erase.isPending}
        multiline
      />
    </ConfirmDialog>
  );
}
