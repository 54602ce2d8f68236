import {
  LEAVE_FIELD_LABELS as LABEL,
  LEAVE_NOTES_MAX_LENGTH,
  LEAVE_TYPES,
  leaveRequestSchema,
  type LeaveRequest,
} from '@portal/contracts';
import { type FieldErrors, zodProblems, fieldErrorsOf } from '../../../lib/form-errors';
import { Select } from '../../../ui/select';
import { DateField, TextField } from '../../../ui/text-field';

/** The form as typed: every field text (a leave type not chosen yet is null). */
export interface LeaveDraft {
  readonly leaveType: string | null;
  readonly fromDate: string;
  readonly toDate: string;
  readonly notes: string;
}

export const EMPTY_LEAVE: LeaveDraft = { leaveType: null, fromDate: '', toDate: '', notes: '' };

const TYPE_OPTIONS = LEAVE_TYPES.map((type) => ({ id: type, name: type }));

/** The request the draft makes, or the problems the shared rules find in it (shown beside the fields). */
export function checkDraft(draft: LeaveDraft): { request: LeaveRequest } | { errors: FieldErrors } {
  const request = { ...draft };
  const parsed = leaveRequestSchema.safeParse(request);
  return parsed.success ? { request } : { errors: fieldErrorsOf(zodProblems(parsed.error)) };
}

export interface LeaveFieldsProps {
  readonly draft: LeaveDraft;
  readonly errors: FieldErrors;
  /** A changed field's message goes; the rules say it again on save. */
  readonly onChange: (change: Partial<LeaveDraft>) => void;
}

/** Leave Type, From, To and Notes: the add form's and the edit dialog's fields. */
export function LeaveFields({ draft, errors, onChange }: LeaveFieldsProps) {
  return (
    <div className="leave-form__grid">
      <Select
        label={LABEL.leaveType}
        options={TYPE_OPTIONS}
        value={draft.leaveType}
        onChange={(key) => onChange({ leaveType: key === null ? null : String(key) })}
        errorMessage={errors.leaveType}
        isRequired
      />
      <DateField
        label={LABEL.fromDate}
        value={draft.fromDate}
        onChange={(fromDate) => onChange({ fromDate })}
        errorMessage={errors.fromDate}
        isRequired
      />
      <TextField
        label={LABEL.toDate}
        inputType="date"
        min={draft.fromDate || undefined}
        value={draft.toDate}
        onChange={(toDate) => onChange({ toDate })}
        errorMessage={errors.toDate}
        isRequired
      />
      <TextField
        label={LABEL.notes}
        multiline
        className="leave-form__notes"
        value={draft.notes}
        maxLength={LEAVE_NOTES_MAX_LENGTH}
        onChange={(notes) => onChange({ notes })}
        errorMessage={errors.notes}
        isRequired
      />
    </div>
  );
}
