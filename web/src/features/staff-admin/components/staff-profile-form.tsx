import { useId, useState } from 'react';
import {
  STAFF_FIELD_LABELS,
  STAFF_PLAIN_FIELDS,
  STAFF_SEALED_FIELDS,
  STAFF_SENSITIVE_FIELDS,
  staffAdminMessages as msg,
  type StaffAccess,
  type StaffAdminDetail,
  type StaffNameField,
  type StaffPlainField,
} from '@portal/contracts';
import { type FieldErrors, withoutErrors } from '../../../lib/form-errors';
import { formatFullDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { TextField } from '../../../ui/text-field';
import { showSendFailure } from '../../../ui/form-feedback';
import { showToast } from '../../../ui/toast';
import { revealSensitiveField, useUpdateStaff } from '../api/staff-admin-api';
import { changesOf, draftOf, type ProfileDraft } from '../profile-draft';
import { OnboardingChecklist } from './onboarding-checklist';
import { SensitiveField } from '../../../ui/sensitive-field';
import { ErasePersonalDataDialog } from './erase-personal-data-dialog';
import { CheckedForm } from '../../../ui/checked-form';
import { FormActions } from '../../../ui/form-actions';

const SEALED = new Set<string>(STAFF_SEALED_FIELDS);

const ACCESS_LABELS: Readonly<Record<keyof StaffAccess, string>> = {
  isAdmin: 'Is Admin',
  isActive: 'Is Active',
  needReceipt: 'NeedReceipt (hotel receipts required)',
  canEditRoster: 'Can edit roster',
  isAuditor: 'Is Auditor (reads the review screens, changes nothing)',
};

export interface StaffProfileFormProps {
  readonly person: StaffAdminDetail;
  /** The signed-in admin: they cannot remove their own admin flag or deactivate themselves. */
  readonly selfId: number;
  readonly onDelete: () => void;
  readonly onClose: () => void;
}

/** An erased field: its label and 'Erased on request', read only (a group named by the label). */
function ErasedField({ label }: { readonly label: string }) {
  const id = useId();
  return (
    <div className="field staff-form__erased" role="group" aria-labelledby={id}>
      <span id={id} className="field__label">
        {label}
      </span>
      <span className="staff-form__erased-value">{msg.erasedField}</span>
    </div>
  );
}

/**
 * The profile form of one person (spec §2 Staff Review): every staff field of §3, the sensitive
 * ones masked, the onboarding checklist, and the access flags. Save sends only what changed.
 * Another admin may erase the person's personal data: those fields are then plain text that says
 * so ('Erased on request'), not inputs.
 */
export function StaffProfileForm({ person, selfId, onDelete, onClose }: StaffProfileFormProps) {
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(person));
  const [errors, setErrors] = useState<FieldErrors>({});
  // Each Save remounts the sensitive fields: a value revealed before it is hidden again.
  const [saves, setSaves] = useState(0);
  const update = useUpdateStaff(person.staffId);
  const isSelf = person.staffId === selfId;
  const [erasing, setErasing] = useState(false);
  const erased = person.personalDataErased;

  const setText = (field: StaffNameField | StaffPlainField) => (value: string) => {
    setDraft((d) => ({ ...d, text: { ...d.text, [field]: value } }));
    setErrors((e) => withoutErrors(e, field));
  };

  const textField = (field: StaffNameField | StaffPlainField, extra: { inputType?: string } = {}) =>
    erased && SEALED.has(field) ? (
      <ErasedField key={field} label={STAFF_FIELD_LABELS[field]} />
    ) : (
      <TextField
        key={field}
        label={STAFF_FIELD_LABELS[field]}
        value={draft.text[field]}
        onChange={setText(field)}
        errorMessage={errors[field]}
        isDisabled={update.isPending}
        isRequired={field === 'firstName' || field === 'lastName'}
        {...extra}
      />
    );

  function save() {
    const changes = changesOf(person, draft);
    if (Object.keys(changes).length === 0) {
      showToast('Nothing was changed.', 'info');
      return;
    }
    // Awaited as a promise, not through mutate's callbacks: a save that changes 'Is Active' remounts
    // this form when the list is read again (its key holds the flag), and React Query then drops
    // those callbacks, so the confirmation was sometimes never shown.
    update.mutateAsync(changes).then(
      () => {
        showToast(msg.updated, 'success');
        setDraft((d) => ({ ...d, sensitive: draftOf(person).sensitive }));
        setSaves((n) => n + 1);
      },
      (failure: unknown) => showSendFailure(failure, setErrors),
    );
  }

  return (
    <CheckedForm className="staff-form" aria-label={`Profile of ${person.name}`} onSubmit={save}>
      <header className="staff-form__header">
        <h2>{person.name}</h2>
        {person.isActive ? null : <span className="staff-form__inactive">Inactive</span>}
      </header>
      <fieldset className="staff-form__group">
        <legend>Person</legend>
        <div className="staff-form__fields">
          <TextField
            label="Email (sign-in address)"
            value={person.email}
            isReadOnly
            description="Cannot be changed."
          />
          <TextField
            label="Start Date"
            value={person.startDate ? formatFullDate(person.startDate) : 'Not recorded'}
            isReadOnly
            description="Given when they were added."
          />
          {textField('firstName')}
          {textField('middleName')}
          {textField('lastName')}
          {STAFF_PLAIN_FIELDS.map((field) =>
            textField(field, field === 'personalEmail' ? { inputType: 'email' } : {}),
          )}
        </div>
      </fieldset>
      <fieldset className="staff-form__group">
        <legend>Sensitive details (encrypted)</legend>
        <div className="staff-form__fields">
          {STAFF_SENSITIVE_FIELDS.map((field) =>
            erased ? (
              <ErasedField key={field} label={STAFF_FIELD_LABELS[field]} />
            ) : (
              <SensitiveField
                key={`${field}-${saves}`}
                label={STAFF_FIELD_LABELS[field]}
                inputType={field === 'dob' ? 'date' : undefined}
                reveal={() => revealSensitiveField(person.staffId, field).then((answer) => answer.value)}
                masked={person.sensitive[field]}
                value={draft.sensitive[field]}
                onChange={(value) => {
                  setDraft((d) => ({ ...d, sensitive: { ...d.sensitive, [field]: value } }));
                  setErrors((e) => withoutErrors(e, field));
                }}
                errorMessage={errors[field]}
                isDisabled={update.isPending}
              />
            ),
          )}
        </div>
      </fieldset>
      <OnboardingChecklist
        checklist={draft.checklist}
        isDisabled={update.isPending}
        onChange={(flag, ticked) =>
          setDraft((d) => ({ ...d, checklist: { ...d.checklist, [flag]: ticked } }))
        }
      />
      <fieldset className="staff-form__group">
        <legend>Access</legend>
        <div className="staff-form__checks">
          {(Object.keys(ACCESS_LABELS) as (keyof StaffAccess)[]).map((flag) => (
            <Checkbox
              key={flag}
              isSelected={draft.access[flag]}
              isDisabled={update.isPending || (isSelf && (flag === 'isAdmin' || flag === 'isActive'))}
              onChange={(on) => setDraft((d) => ({ ...d, access: { ...d.access, [flag]: on } }))}
            >
              {ACCESS_LABELS[flag]}
            </Checkbox>
          ))}
        </div>
        {errors.staff ? <p className="field__error">{errors.staff}</p> : null}
      </fieldset>
      <FormActions
        className="staff-form__actions"
        submitLabel="Update"
        isPending={update.isPending}
        onCancel={onClose}
      >
        {person.isActive && !isSelf ? (
          <Button variant="danger" onPress={onDelete} isDisabled={update.isPending}>
            Delete
          </Button>
        ) : null}
        {!isSelf && !erased ? (
          <Button variant="danger" onPress={() => setErasing(true)} isDisabled={update.isPending}>
            Erase personal data
          </Button>
        ) : null}
      </FormActions>
      <ErasePersonalDataDialog
        staffId={person.staffId}
        name={person.name}
        isOpen={erasing}
        onClose={() => setErasing(false)}
      />
    </CheckedForm>
  );
}
