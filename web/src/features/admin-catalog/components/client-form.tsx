import { ApiError, errorMessage } from '../../../lib/api';
import { withoutErrors } from '../../../lib/form-errors';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useDirtyReport } from '../../../ui/unsaved-changes';
import { showToast } from '../../../ui/toast';
import {
  checkClientDraft,
  clientErrorsOf,
  emptyContact,
  type ClientDraft,
  type ClientTextField,
  type ContactDraft,
} from '../client-rules';
import type { ClientRequestInput } from '@portal/contracts';
import { CheckedForm } from '../../../ui/checked-form';
import { useDraft } from '../../../lib/form-draft';
import { showRefusedFields } from '../../../ui/form-feedback';
import { FormActions } from '../../../ui/form-actions';

const DETAIL_FIELDS: readonly [ClientTextField, string][] = [
  ['addressLine1', 'Address Line 1'],
  ['addressLine2', 'Address Line 2'],
  ['city', 'City'],
  ['stateProvince', 'State/Province'],
  ['countryRegion', 'Country/Region'],
  ['zipPostalCode', 'Postal Code'],
  ['phone', 'Phone'],
];

export interface ClientFormProps {
  readonly title: string;
  readonly initial: ClientDraft;
  readonly submitLabel: string;
  readonly isPending: boolean;
  /** Sends the request; resolves when saved (the form then calls `onSaved`). */
  readonly onSubmit: (body: ClientRequestInput) => Promise<unknown>;
  readonly savedMessage: string;
  readonly onSaved?: () => void;
  readonly onCancel?: () => void;
  /** Told whether the form holds changes not saved yet. */
  readonly onDirtyChange?: (dirty: boolean) => void;
}

/** Client details and contacts (Add New Client, and the edit screen's detail form). */
export function ClientForm({
  title,
  initial,
  submitLabel,
  isPending,
  onSubmit,
  savedMessage,
  onSaved,
  onCancel,
  onDirtyChange,
}: ClientFormProps) {
  const { draft, setDraft, set: setField, errors, setErrors } = useDraft(initial);
  const changes = useDirtyReport(draft, onDirtyChange);
  const setContact = (index: number, change: Partial<ContactDraft>) => {
    setDraft((d) => ({ ...d, contacts: d.contacts.map((c, i) => (i === index ? { ...c, ...change } : c)) }));
    setErrors((e) => withoutErrors(e, ...Object.keys(change).map((k) => `contacts.${index}.${k}`)));
  };
  const removeContact = (index: number) => {
    setDraft((d) => ({ ...d, contacts: d.contacts.filter((_, i) => i !== index) }));
    setErrors({});
  };

  function submit() {
    if (isPending) return;
    const checked = checkClientDraft(draft);
    if (!checked.ok) {
      showRefusedFields(checked.errors, setErrors);
      return;
    }
    onSubmit(checked.body).then(
      () => {
        showToast(savedMessage, 'success');
        setErrors({});
        changes.saved(draft);
        onSaved?.();
      },
      (error: unknown) => {
        if (error instanceof ApiError) setErrors(clientErrorsOf(error.problems, checked.rows));
        showToast(errorMessage(error), 'danger');
      },
    );
  }

  return (
    <CheckedForm className="card catalog-form" aria-label={title} onSubmit={submit}>
      <h2 className="card__title">{title}</h2>
      <fieldset className="catalog-form__group">
        <legend className="catalog-form__legend">Client details</legend>
        <div className="catalog-form__grid field-grid">
          <TextField
            label="Client Name"
            value={draft.name}
            onChange={(v) => setField('name', v)}
            errorMessage={errors.name}
          />
          {DETAIL_FIELDS.map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              value={draft[field]}
              onChange={(v) => setField(field, v)}
              errorMessage={errors[field]}
              inputType={field === 'phone' ? 'tel' : undefined}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="catalog-form__group">
        <legend className="catalog-form__legend">Contacts</legend>
        {draft.contacts.length === 0 ? <p className="catalog-form__note">No contacts yet.</p> : null}
        <ul className="contact-list">
          {draft.contacts.map((contact, index) => (
            <li key={contact.key} className="contact-list__item">
              <TextField
                label={`Contact ${index + 1} Name`}
                value={contact.name}
                onChange={(name) => setContact(index, { name })}
                errorMessage={errors[`contacts.${index}.name`]}
              />
              <TextField
                label={`Contact ${index + 1} Email`}
                inputType="email"
                value={contact.email}
                onChange={(email) => setContact(index, { email })}
                errorMessage={errors[`contacts.${index}.email`]}
              />
              <Button
                variant="secondary"
                className="contact-list__remove"
                aria-label={`Remove contact ${index + 1}`}
                onPress={() => removeContact(index)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          onPress={() => setDraft((d) => ({ ...d, contacts: [...d.contacts, emptyContact()] }))}
        >
          Add New CC
        </Button>
      </fieldset>
      <FormActions
        className="catalog-form__actions"
        submitLabel={submitLabel}
        isPending={isPending}
        onCancel={onCancel}
      />
    </CheckedForm>
  );
}
