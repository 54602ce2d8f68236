import { useState } from 'react';
import {
  characterCount,
  MAX_RETURN_REASON_LENGTH,
  returnPeriodSchema,
  reviewMessages,
  type ReviewPagePerson,
} from '@portal/contracts';
import { useDraft } from '../../../lib/form-draft';
import { fieldErrorsOf, withoutErrors, zodProblems } from '../../../lib/form-errors';
import { Button } from '../../../ui/button';
import { ConfirmDialog, ModalDialog, DialogActions } from '../../../ui/dialog';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { showSendFailure } from '../../../ui/form-feedback';
import { showToast } from '../../../ui/toast';
import { useReturnPeriod } from '../api/review-commands';
import { CheckedForm } from '../../../ui/checked-form';

/** The rows chosen in a person's tables, with their projects. */
export interface ChosenRows {
  readonly entries: readonly { readonly id: string; readonly projectId: number }[];
  readonly expenses: readonly { readonly id: string; readonly projectId: number }[];
}

export interface ReturnDialogProps {
  readonly person: ReviewPagePerson | null;
  readonly range: { readonly start: string; readonly end: string; readonly label: string };
  readonly chosen: ChosenRows;
  readonly initialProjectId: number | null;
  readonly onReturned: () => void;
  readonly onClose: () => void;
}

type Scope = 'period' | 'chosen';

function ReturnForm({
  person,
  range,
  chosen,
  initialProjectId,
  onReturned,
  onClose,
}: ReturnDialogProps & { person: ReviewPagePerson }) {
  const only = person.projects.length === 1 ? person.projects[0].projectId : null;
  const { draft, change, errors, setErrors } = useDraft<{
    projectId: number | null;
    scope: Scope;
    reason: string;
  }>(() => ({
    projectId: person.projects.some((p) => p.projectId === initialProjectId) ? initialProjectId : only,
    scope: chosen.entries.length + chosen.expenses.length > 0 ? 'chosen' : 'period',
    reason: '',
  }));
  const { projectId, scope, reason } = draft;
  const entryIds = chosen.entries.filter((r) => r.projectId === projectId).map((r) => r.id);
  const expenseIds = chosen.expenses.filter((r) => r.projectId === projectId).map((r) => r.id);
  const chosenCount = entryIds.length + expenseIds.length;
  const [confirming, setConfirming] = useState(false);
  const giveBack = useReturnPeriod();
  const project = person.projects.find((p) => p.projectId === projectId);
  const what = scope === 'chosen' ? `the ${chosenCount} chosen rows` : 'the whole period';

  const request = () => ({
    employeeId: person.employeeId,
    projectId,
    start: range.start,
    end: range.end,
    reason,
    entryIds: scope === 'chosen' ? entryIds : [],
    expenseIds: scope === 'chosen' ? expenseIds : [],
  });

  const check = () => {
    const parsed = returnPeriodSchema.safeParse(request());
    const problems = parsed.success ? [] : zodProblems(parsed.error);
    if (scope === 'chosen' && chosenCount === 0)
      problems.push({
        path: 'scope',
        message: 'Choose rows of this project in the tables first, or return the whole period.',
      });
    setErrors(fieldErrorsOf(problems));
    if (problems.length === 0) setConfirming(true);
  };

  const send = () => {
    const parsed = returnPeriodSchema.safeParse(request());
    if (!parsed.success) return;
    giveBack.mutate(parsed.data, {
      onSuccess: () => {
        showToast(reviewMessages.returned, 'success');
        setConfirming(false);
        onReturned();
        onClose();
      },
      onError: (error) => {
        setConfirming(false);
        showSendFailure(error, setErrors, reviewMessages.nothingToReturn);
      },
    });
  };

  return (
    <CheckedForm className="edit-form stack" onSubmit={check}>
      <p>{`${person.employeeName}, ${range.label}. What you return reopens for them; they see your reason and get an email.`}</p>
      <Select
        label="Project"
        options={person.projects.map((p) => ({ id: p.projectId, name: p.name }))}
        value={projectId}
        onChange={(key) => {
          change({ projectId: key === null ? null : Number(key) });
          setErrors((e) => withoutErrors(e, 'scope'));
        }}
        errorMessage={errors.projectId}
        isRequired
      />
      <Select
        label="What to return"
        options={[
          { id: 'period', name: 'The whole period of the project' },
          { id: 'chosen', name: `The chosen rows (${chosenCount})` },
        ]}
        value={scope}
        onChange={(key) => change({ scope: key === 'chosen' ? 'chosen' : 'period' })}
        errorMessage={errors.scope ?? errors.entryIds ?? errors.expenseIds}
      />
      <TextField
        label="Reason"
        multiline
        value={reason}
        onChange={(text) => change({ reason: text })}
        errorMessage={errors.reason}
        description={`${characterCount(reason)}/${MAX_RETURN_REASON_LENGTH}`}
        isRequired
      />
      {errors.start || errors.end ? <p className="field__error">{errors.start ?? errors.end}</p> : null}
      <DialogActions cancelLabel="Cancel" onCancel={onClose}>
        <Button type="submit" variant="danger">
          Return…
        </Button>
      </DialogActions>
      <ConfirmDialog
        title="Return to the person?"
        isOpen={confirming}
        confirmLabel="Yes, return"
        cancelLabel="No"
        tone="danger"
        isPending={giveBack.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      >
        <p>{`Return ${what} of ${person.employeeName} on ${project?.name ?? 'this project'} for ${range.label}?`}</p>
        <p className="muted">{`Reason: ${reason.trim()}`}</p>
      </ConfirmDialog>
    </CheckedForm>
  );
}

/** Return with a reason (issue 8): a person's period of one project, or the rows chosen in their tables. */
export function ReturnDialog(props: ReturnDialogProps) {
  return (
    <ModalDialog
      title="Return with a reason"
      isOpen={props.person !== null}
      onOpenChange={(open) => !open && props.onClose()}
    >
      {props.person ? <ReturnForm {...props} person={props.person} /> : null}
    </ModalDialog>
  );
}
