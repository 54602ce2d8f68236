import { staffAddSchema, staffAdminMessages as msg } from '@portal/contracts';
import { useDraft } from '../../../lib/form-draft';
import { fieldErrorsOf, zodProblems } from '../../../lib/form-errors';
import { Button } from '../../../ui/button';
import { CheckedForm } from '../../../ui/checked-form';
import { Checkbox } from '../../../ui/checkbox';
import { DialogActions, ModalDialog } from '../../../ui/dialog';
import { showSendFailure } from '../../../ui/form-feedback';
import { Select } from '../../../ui/select';
import { DateField, TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { useAddStaff, useStaffOwners } from '../api/staff-admin-api';

export interface AddStaffDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  /** The owner a sightstream admin may add to (their own); null: any owner. */
  readonly fixedOwnerId: number | null;
  /** The new person's id, to open their profile. */
  readonly onAdded: (staffId: number) => void;
  /** What the form starts with (someone awaiting access: their address and name); empty otherwise. */
  readonly prefill?: Partial<Pick<AddStaffDraft, 'username' | 'firstName' | 'middleName' | 'lastName'>>;
}

/** The name fields, in the form's order: field, label, required. */
const NAME_FIELDS = [
  ['firstName', 'First Name', true],
  ['middleName', 'Middle Name', false],
  ['lastName', 'Last Name', true],
] as const;

const EMPTY = {
  username: '',
  firstName: '',
  middleName: '',
  lastName: '',
  ownerId: null as number | null,
  startDate: '',
  isAdmin: false,
};
type AddStaffDraft = typeof EMPTY;

/**
 * Staff Review's Add staff member: someone who is not in the directory (a contractor with a work
 * address of their own). The server gives the id; every field's problem is shown beside it.
 */
export function AddStaffDialog({ isOpen, onClose, fixedOwnerId, onAdded, prefill }: AddStaffDialogProps) {
  const add = useAddStaff();
  const owners = useStaffOwners();
  const initial = { ...EMPTY, ...prefill, ownerId: fixedOwnerId };
  const { draft, change, reset, errors, setErrors } = useDraft(initial);

  const close = () => {
    reset(initial);
    onClose();
  };

  function submit() {
    if (add.isPending) return;
    const body = {
      username: draft.username,
      firstName: draft.firstName,
      middleName: draft.middleName,
      lastName: draft.lastName,
      ownerId: draft.ownerId ?? '',
      startDate: draft.startDate,
      isAdmin: draft.isAdmin,
    };
    const parsed = staffAddSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(zodProblems(parsed.error)));
      return;
    }
    add.mutateAsync(parsed.data).then(
      (answer) => {
        showToast(msg.added(`${parsed.data.firstName} ${parsed.data.lastName}`), 'success');
        onAdded(answer.staffId);
        close();
      },
      (error: unknown) => showSendFailure(error, setErrors),
    );
  }

  return (
    <ModalDialog title="Add staff member" isOpen={isOpen} onOpenChange={(open) => !open && close()}>
      <CheckedForm onSubmit={submit}>
        <div className="dialog__body staff-add">
          <TextField
            label="Work e-mail"
            type="email"
            autoFocus
            isRequired
            description="The address they sign in with."
            value={draft.username}
            onChange={(value) => change({ username: value })}
            errorMessage={errors.username}
          />
          {NAME_FIELDS.map(([field, label, isRequired]) => (
            <TextField
              key={field}
              label={label}
              isRequired={isRequired}
              value={draft[field]}
              onChange={(value) => change({ [field]: value })}
              errorMessage={errors[field]}
            />
          ))}
          {fixedOwnerId === null ? (
            <Select
              label="Owner"
              isRequired
              placeholder={owners.isPending ? 'Loading owners…' : 'Choose an owner'}
              options={(owners.data ?? []).map((o) => ({ id: o.ownerId, name: o.name }))}
              value={draft.ownerId}
              onChange={(key) => change({ ownerId: key === null ? null : Number(key) })}
              errorMessage={
                errors.ownerId ??
                (owners.isError ? 'The owners could not be loaded. Close and try again.' : undefined)
              }
            />
          ) : null}
          <DateField
            label="Start Date"
            description="The day they start (optional)."
            value={draft.startDate}
            onChange={(value) => change({ startDate: value })}
            errorMessage={errors.startDate}
          />
          <Checkbox isSelected={draft.isAdmin} onChange={(on) => change({ isAdmin: on })}>
            Is Admin
          </Checkbox>
        </div>
        <DialogActions cancelLabel="Cancel" onCancel={close}>
          <Button type="submit" isPending={add.isPending}>
            Add staff member
          </Button>
        </DialogActions>
      </CheckedForm>
    </ModalDialog>
  );
}
