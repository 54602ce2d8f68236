import { useMemo, useState } from 'react';
import {
  BILLING_CYCLES,
  INVOICE_CURRENCIES,
  PROJECT_FIELD_LABELS as LABELS,
  UMBRELLA_PROJECT_ID,
  catalogAdminMessages,
  type AdminClient,
  type AdminOwner,
  type ProjectRequestInput,
} from '@portal/contracts';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { ConfirmDialog } from '../../../ui/dialog';
import { ComboBox } from '../../../ui/combo-box';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { useDirtyReport } from '../../../ui/unsaved-changes';
import { showToast } from '../../../ui/toast';
import {
  checkProjectDraft,
  PROJECT_FIELD_GROUPS,
  type ProjectDraft,
  type ProjectTextField,
} from '../project-rules';
import { AddClientModal } from './add-client-modal';
import { CheckedForm } from '../../../ui/checked-form';
import { useDraft } from '../../../lib/form-draft';
import { showRefusedFields, showSendFailure } from '../../../ui/form-feedback';
import { FormActions } from '../../../ui/form-actions';

const INPUT_TYPES: Partial<Record<ProjectTextField, string>> = {
  phone: 'tel',
  contactEmail1: 'email',
  contactEmail2: 'email',
  clientCc1: 'email',
  clientCc2: 'email',
  clientBcc1: 'email',
  clientBcc2: 'email',
  startDate: 'date',
};

const DESCRIPTIONS: Partial<Record<ProjectTextField, string>> = {
  poValue: 'Amount, e.g. 12500.00',
  lengthMonths: 'Whole months; the end date is the start plus this',
};

/** Asked before a saved project is deactivated. */
export function deactivateQuestion(name: string): string {
  return `Are you sure you want to deactivate the project ${name}? No new time or expenses can be recorded on it; its history stays.`;
}

export interface ProjectFormProps {
  /** Null: Add New Project. */
  readonly projectId: number | null;
  readonly initial: ProjectDraft;
  readonly clients: readonly AdminClient[];
  readonly owners: readonly AdminOwner[];
  readonly isPending: boolean;
  readonly onSubmit: (body: ProjectRequestInput) => Promise<unknown>;
  /** Saved (the page goes back to a new form). */
  readonly onSaved: () => void;
  /** Cancel or reset: back to Add New Project. */
  readonly onReset: () => void;
  /** Told whether the form holds changes not saved yet. */
  readonly onDirtyChange?: (dirty: boolean) => void;
}

/** Every project field of admin spec §3; messages beside each field (the contract's own rules). */
export function ProjectForm({
  projectId,
  initial,
  clients,
  owners,
  isPending,
  onSubmit,
  onSaved,
  onReset,
  onDirtyChange,
}: ProjectFormProps) {
  const { draft, set, errors, setErrors } = useDraft(initial);
  useDirtyReport(draft, onDirtyChange);
  const [addingClient, setAddingClient] = useState(false);
  const [confirmingDeactivation, setConfirmingDeactivation] = useState(false);
  const editing = projectId !== null;
  // Stable option lists: the combo box rebuilds its list (and its text) when they change.
  const clientOptions = useMemo(() => clients.map((c) => ({ id: c.clientId, name: c.name })), [clients]);
  const ownerOptions = useMemo(() => owners.map((o) => ({ id: o.ownerId, name: o.name })), [owners]);

  function submit(confirmed = false) {
    if (isPending) return;
    const checked = checkProjectDraft(draft);
    if (!checked.ok) {
      showRefusedFields(checked.errors, setErrors);
      return;
    }
    // Clearing Active on a saved project deactivates it: asked first, like a delete.
    if (editing && initial.isActive && !draft.isActive && !confirmed) {
      setConfirmingDeactivation(true);
      return;
    }
    setConfirmingDeactivation(false);
    onSubmit(checked.body).then(
      () => {
        showToast(
          editing ? catalogAdminMessages.projectUpdated : catalogAdminMessages.projectSaved,
          'success',
        );
        onSaved();
      },
      (error: unknown) => showSendFailure(error, setErrors),
    );
  }

  const text = (field: ProjectTextField, multiline = false) => (
    <TextField
      key={field}
      label={LABELS[field]}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      errorMessage={errors[field]}
      inputType={INPUT_TYPES[field]}
      description={DESCRIPTIONS[field]}
      multiline={multiline}
    />
  );

  return (
    <>
      <CheckedForm className="card catalog-form" aria-labelledby="project-form-title" onSubmit={submit}>
        <h2 id="project-form-title" className="card__title">
          {editing ? `Editing ${initial.name}` : 'Add New Project'}
        </h2>
        <fieldset className="catalog-form__group">
          <legend className="catalog-form__legend">Project</legend>
          <div className="catalog-form__grid field-grid">
            <div className="catalog-form__client">
              <ComboBox
                label={LABELS.clientId}
                options={clientOptions}
                value={draft.clientId}
                onChange={(key) => set('clientId', key === null ? null : Number(key))}
                errorMessage={errors.clientId}
                placeholder="Type to find a client"
              />
              <Button variant="secondary" onPress={() => setAddingClient(true)}>
                Add Client
              </Button>
            </div>
            <Select
              label={LABELS.ownerId}
              options={ownerOptions}
              value={draft.ownerId}
              onChange={(key) => set('ownerId', key === null ? null : Number(key))}
              errorMessage={errors.ownerId}
            />
            {text('name')}
            {text('phone')}
            {text('address', true)}
          </div>
        </fieldset>
        {PROJECT_FIELD_GROUPS.map((group) => (
          <fieldset key={group.legend} className="catalog-form__group">
            <legend className="catalog-form__legend">{group.legend}</legend>
            <div className="catalog-form__grid field-grid">{group.fields.map((field) => text(field))}</div>
          </fieldset>
        ))}
        <fieldset className="catalog-form__group">
          <legend className="catalog-form__legend">Invoicing</legend>
          <div className="catalog-form__grid field-grid">
            <Select
              label={LABELS.invoiceCurrency}
              options={INVOICE_CURRENCIES.map((c) => ({ id: c, name: c }))}
              value={draft.invoiceCurrency}
              onChange={(key) => set('invoiceCurrency', key === null ? null : String(key))}
              errorMessage={errors.invoiceCurrency}
            />
            <Select
              label={LABELS.billingCycle}
              options={BILLING_CYCLES.map((c) => ({ id: c, name: c }))}
              value={draft.billingCycle}
              onChange={(key) => set('billingCycle', key === null ? null : String(key))}
              errorMessage={errors.billingCycle}
            />
          </div>
          <div className="catalog-form__checks">
            <Checkbox isSelected={draft.isActive} onChange={(value) => set('isActive', value)}>
              Active
            </Checkbox>
            {projectId !== UMBRELLA_PROJECT_ID ? (
              <Checkbox isSelected={draft.isSubProject} onChange={(value) => set('isSubProject', value)}>
                Sub-project of the umbrella project ({UMBRELLA_PROJECT_ID})
              </Checkbox>
            ) : null}
          </div>
          {errors.isActive || errors.isSubProject ? (
            <p className="field__error" role="alert">
              {errors.isActive ?? errors.isSubProject}
            </p>
          ) : null}
        </fieldset>
        <FormActions
          className="catalog-form__actions"
          submitLabel={editing ? 'Update Project' : 'Save Project'}
          isPending={isPending}
          onCancel={onReset}
          cancelLabel={editing ? 'Cancel' : 'Reset'}
        />
      </CheckedForm>
      <AddClientModal
        isOpen={addingClient}
        onClose={() => setAddingClient(false)}
        onAdded={(clientId) => set('clientId', clientId)}
      />
      <ConfirmDialog
        title="Deactivate project"
        isOpen={confirmingDeactivation}
        confirmLabel="Yes"
        cancelLabel="No"
        tone="danger"
        isPending={isPending}
        onCancel={() => setConfirmingDeactivation(false)}
        onConfirm={() => submit(true)}
      >
        <p>{deactivateQuestion(initial.name)}</p>
      </ConfirmDialog>
    </>
  );
}
