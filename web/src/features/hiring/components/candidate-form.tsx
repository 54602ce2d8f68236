import { useEffect, useState } from 'react';
import {
  CANDIDATE_FIELD_LABELS as LABEL,
  CANDIDATE_STATUSES,
  DEFAULT_CANDIDATE_OWNER_ID,
  SECOND_ORGANISATION_OWNER_ID,
  candidateMessages,
  candidateRequestSchema,
  type CandidateRequest,
  type CandidateStatus,
  type CandidateView,
} from '@portal/contracts';
import { brands } from '../../../lib/brand';
import { useDraft } from '../../../lib/form-draft';
import { fieldErrorsOf, withoutErrors, zodProblems } from '../../../lib/form-errors';
import { Checkbox } from '../../../ui/checkbox';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { showRefusedFields, showSendFailure } from '../../../ui/form-feedback';
import { ResumeField, resumeLabel } from './resume-field';
import { CheckedForm } from '../../../ui/checked-form';
import { FormActions } from '../../../ui/form-actions';

/** The form's values as typed (null: nothing chosen). */
export interface CandidateDraft {
  readonly ownerId: number | null;
  readonly discipline: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly localToCalgary: boolean;
  readonly applicationDate: string;
  readonly interviewDate: string;
  readonly interviewNotes: string;
  readonly status: CandidateStatus | null;
  readonly resumeId: string | null;
  readonly resumeLabel: string | null;
}

export const EMPTY_CANDIDATE: CandidateDraft = {
  ownerId: null,
  discipline: '',
  firstName: '',
  lastName: '',
  email: '',
  localToCalgary: false,
  applicationDate: '',
  interviewDate: '',
  interviewNotes: '',
  status: null,
  resumeId: null,
  resumeLabel: null,
};

export function draftOf(c: CandidateView): CandidateDraft {
  return {
    ownerId: c.ownerId,
    discipline: c.discipline,
    firstName: c.firstName ?? '',
    lastName: c.lastName ?? '',
    email: c.email ?? '',
    localToCalgary: c.localToCalgary,
    applicationDate: c.applicationDate,
    interviewDate: c.interviewDate ?? '',
    interviewNotes: c.interviewNotes ?? '',
    status: c.status,
    resumeId: c.resumeId,
    resumeLabel: c.resumeType ? resumeLabel(c.resumeType) : null,
  };
}

function requestOf(d: CandidateDraft): CandidateRequest {
  return {
    ownerId: d.ownerId,
    discipline: d.discipline,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    localToCalgary: d.localToCalgary,
    applicationDate: d.applicationDate,
    interviewDate: d.interviewDate,
    interviewNotes: d.interviewNotes,
    status: d.status ?? '',
    resumeId: d.resumeId ?? '',
  };
}

/** The organisations a firm admin may file a candidate under (a sightstream admin has only theirs). */
export const OWNER_OPTIONS = [
  { id: DEFAULT_CANDIDATE_OWNER_ID, name: brands.default.companyName },
  { id: SECOND_ORGANISATION_OWNER_ID, name: brands.sightstream.companyName },
];

export interface CandidateFormProps {
  readonly initial: CandidateDraft;
  readonly editing: boolean;
  /** Firm admins choose the organisation; sightstream admins' candidates are always theirs. */
  readonly choosesOwner: boolean;
  readonly isSaving: boolean;
  /** Sends the request; rejects with the server's refusal. */
  readonly onSave: (request: CandidateRequest) => Promise<unknown>;
  readonly onCancel?: () => void;
  /** Told whether the form holds changes not yet saved (for the leave and discard questions). */
  readonly onDirtyChange?: (dirty: boolean) => void;
}

type TextKey = 'discipline' | 'firstName' | 'lastName' | 'email' | 'applicationDate' | 'interviewDate';

/**
 * Every candidate field of the spec, checked with the server's own schema: each rule's message
 * beside its field, cleared as soon as the field is edited. Empty interview notes are flagged but
 * do not block.
 */
export function CandidateForm({
  initial,
  editing,
  choosesOwner,
  isSaving,
  onSave,
  onCancel,
  onDirtyChange,
}: CandidateFormProps) {
  const { draft, setDraft, set, errors, setErrors } = useDraft<CandidateDraft>(initial);
  const [attempted, setAttempted] = useState(false);
  // A save while the chosen resume is still uploading would send the previous resume (or none).
  const [uploading, setUploading] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  function submit() {
    if (uploading) return;
    setAttempted(true);
    const request = requestOf(draft);
    const checked = candidateRequestSchema.safeParse(request);
    if (!checked.success) {
      showRefusedFields(fieldErrorsOf(zodProblems(checked.error)), setErrors);
      return;
    }
    onSave(request).catch((failure: unknown) => showSendFailure(failure, setErrors));
  }

  const text = (key: TextKey, extra: { inputType?: string; isRequired?: boolean } = {}) => (
    <TextField
      label={LABEL[key]}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      errorMessage={errors[key]}
      {...extra}
    />
  );

  const notesEmpty = draft.interviewNotes.trim() === '';
  const notesFlag =
    errors.interviewNotes ?? (attempted && notesEmpty ? candidateMessages.interviewNotesEmpty : undefined);

  return (
    <CheckedForm
      className="candidate-form"
      aria-label={editing ? 'Edit candidate' : 'Add candidate'}
      onSubmit={submit}
    >
      <div className="candidate-form__fields">
        {choosesOwner ? (
          <Select
            label={LABEL.ownerId}
            options={OWNER_OPTIONS}
            value={draft.ownerId ?? DEFAULT_CANDIDATE_OWNER_ID}
            onChange={(key) => set('ownerId', key === null ? null : Number(key))}
            errorMessage={errors.ownerId}
          />
        ) : null}
        {text('discipline', { isRequired: true })}
        {text('firstName', { isRequired: true })}
        {text('lastName', { isRequired: true })}
        {text('email', { inputType: 'email', isRequired: true })}
        {text('applicationDate', { inputType: 'date', isRequired: true })}
        {text('interviewDate', { inputType: 'date' })}
        <Select
          label={LABEL.status}
          options={CANDIDATE_STATUSES.map((s) => ({ id: s, name: s }))}
          value={draft.status}
          onChange={(key) => set('status', key === null ? null : (key as CandidateStatus))}
          errorMessage={errors.status}
          isRequired
        />
        <Checkbox isSelected={draft.localToCalgary} onChange={(value) => set('localToCalgary', value)}>
          {LABEL.localToCalgary}
        </Checkbox>
        <TextField
          className={notesFlag ? 'field--flagged' : undefined}
          label={LABEL.interviewNotes}
          value={draft.interviewNotes}
          onChange={(value) => set('interviewNotes', value)}
          multiline
          description={notesFlag ?? 'Not required, but a candidate without notes is flagged.'}
        />
        <ResumeField
          current={draft.resumeId && draft.resumeLabel ? { label: draft.resumeLabel } : null}
          onUploaded={(resumeId, label) => {
            setDraft((current) => ({ ...current, resumeId, resumeLabel: label }));
            setErrors((current) => withoutErrors(current, 'resumeId'));
          }}
          errorMessage={errors.resumeId}
          onUploadingChange={setUploading}
          onProblem={(message) =>
            setErrors((current) =>
              message === null ? withoutErrors(current, 'resumeId') : { ...current, resumeId: message },
            )
          }
        />
      </div>
      <FormActions
        className="candidate-form__buttons"
        submitLabel={editing ? 'Save changes' : 'Add candidate'}
        isPending={isSaving}
        isDisabled={uploading}
        onCancel={onCancel}
      />
    </CheckedForm>
  );
}
