import { useState } from 'react';
import { catalogAdminMessages, clientRequestSchema } from '@portal/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldErrorsOf, zodProblems, type FieldErrors } from '../../../lib/form-errors';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { useSaveClient } from '../api/catalog-api';

export interface AddClientModalProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  /** The new client's id, to choose it in the project form. */
  readonly onAdded: (clientId: number) => void;
}

/** The project form's Add Client: a client by name (details and contacts come later, on its own screen). */
export function AddClientModal({ isOpen, onClose, onAdded }: AddClientModalProps) {
  const save = useSaveClient();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    setName('');
    setErrors({});
    onClose();
  };

  function submit() {
    if (save.isPending) return;
    const body = { name, contacts: [] };
    const parsed = clientRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(zodProblems(parsed.error)));
      return;
    }
    save.mutateAsync({ clientId: null, body }).then(
      (saved) => {
        showToast(catalogAdminMessages.clientAdded, 'success');
        onAdded(saved.clientId);
        close();
      },
      (error: unknown) => {
        if (error instanceof ApiError) setErrors(fieldErrorsOf(error.problems));
        showToast(errorMessage(error), 'danger');
      },
    );
  }

  return (
    <ModalDialog title="Add Client" isOpen={isOpen} onOpenChange={(open) => !open && close()} size="small">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="dialog__body">
          <TextField
            label="Client Name"
            autoFocus
            value={name}
            onChange={(value) => {
              setName(value);
              setErrors({});
            }}
            errorMessage={errors.name}
          />
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button type="submit" isPending={save.isPending}>
            Add Client
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
