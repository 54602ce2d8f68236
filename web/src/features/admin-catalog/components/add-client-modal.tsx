import { catalogAdminMessages, clientRequestSchema } from '@portal/contracts';
import { useDraft } from '../../../lib/form-draft';
import { fieldErrorsOf, zodProblems } from '../../../lib/form-errors';
import { showSendFailure } from '../../../ui/form-feedback';
import { Button } from '../../../ui/button';
import { ModalDialog, DialogActions } from '../../../ui/dialog';
import { TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { useSaveClient } from '../api/catalog-api';
import { CheckedForm } from '../../../ui/checked-form';

export interface AddClientModalProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  /** The new client's id, to choose it in the project form. */
  readonly onAdded: (clientId: number) => void;
}

/** The project form's Add Client: a client by name (details and contacts come later, on its own screen). */
export function AddClientModal({ isOpen, onClose, onAdded }: AddClientModalProps) {
  const save = useSaveClient();
  const { draft, change, reset, errors, setErrors } = useDraft({ name: '' });
  const { name } = draft;

  const close = () => {
    reset({ name: '' });
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
      (error: unknown) => showSendFailure(error, setErrors),
    );
  }

  return (
    <ModalDialog title="Add Client" isOpen={isOpen} onOpenChange={(open) => !open && close()} size="small">
      <CheckedForm onSubmit={submit}>
        <div className="dialog__body">
          <TextField
            label="Client Name"
            autoFocus
            value={name}
            onChange={(value) => change({ name: value })}
            errorMessage={errors.name}
          />
        </div>
        <DialogActions cancelLabel="Cancel" onCancel={close}>
          <Button type="submit" isPending={save.isPending}>
            Add Client
          </Button>
        </DialogActions>
      </CheckedForm>
    </ModalDialog>
  );
}
