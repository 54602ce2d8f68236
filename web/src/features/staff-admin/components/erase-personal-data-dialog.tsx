import { useState } from 'react';
import { staffErasureMessages as msg } from '@portal/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldErrorsOf, type FieldErrors } from '../../../lib/form-errors';
import { ConfirmDialog } from '../../../ui/dialog';
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
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const erase = useEraseStaffPersonalData(staffId);

  function close() {
    setReason('');
    setErrors({});
    onClose();
  }

  function confirm() {
    if (reason.trim() === '') {
      setErrors({ reason: msg.reasonRequired });
      return;
    }
    erase.mutate(reason, {
      onSuccess: () => {
        showToast(msg.erased, 'success');
        close();
      },
      onError: (failure) => {
        if (failure instanceof ApiError) setErrors(fieldErrorsOf(failure.problems));
        showToast(errorMessage(failure), 'danger');
      },
    });
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
        onChange={(value) => {
          setReason(value);
          setErrors({});
        }}
        errorMessage={errors.reason}
        isRequired
        isDisabled={erase.isPending}
        multiline
      />
    </ConfirmDialog>
  );
}
