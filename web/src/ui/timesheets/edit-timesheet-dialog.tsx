import { useState } from 'react';
import {
  characterCount,
  COMMENT_MAX_LENGTH,
  type DateWindow,
  hoursRule,
  limitCharacters,
  overtimeAllowed,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
  type TimesheetRow,
} from '@portal/contracts';
import { useDraft } from '../../lib/form-draft';
import { decimalText, type EditCheck, withoutErrors } from '../../lib/form-errors';
import { optionsKeeping, projectOptionsOf } from '../../lib/projects';
import type { TimesheetEditDraft } from '../../lib/timesheets/edit-checks';
import { showBlockingProblems } from '../../lib/timesheets/form-rules';
import {
  type ProjectChoice,
  type ProjectLists,
  useProjectChoice,
} from '../../lib/timesheets/use-project-choice';
import {
  type EditCallbacks,
  EditDialog,
  EditForm,
  type EditRowFormProps,
  useEditOutcome,
} from '../edit-dialog';
import { NumberField } from '../number-field';
import { Select } from '../select';
import { DateField, TextField } from '../text-field';
import { LateEntryDialog } from './late-entry-dialog';

/** What the person's saved entry and the admin review's entry both carry. */
export type EditableTimesheetRow = Pick<
  TimesheetRow,
  | 'id'
  | 'date'
  | 'projectId'
  | 'projectName'
  | 'subProjectId'
  | 'subProjectName'
  | 'hours'
  | 'overtimeHours'
  | 'comment'
  | 'version'
>;

/**
 * Who changes a saved entry, and what differs for them: the person changes their own (their
 * billable projects, the entry window, hours in steps of 0.5, the late-entry question), an admin
 * someone's (the review's projects, its endpoint, admin spec §7). Made by `usePersonTimesheetEditor`
 * and the review's `useAdminTimesheetEditor`.
 */
export interface TimesheetEditor<R extends EditableTimesheetRow, E> {
  /** The projects offered; none: the person's billable projects, fetched. */
  readonly lists?: ProjectLists;
  /** The step of the hours' − / + and rule; none: the entry step (0.1). */
  readonly hoursStep?: string;
  /** The days the date field offers; none: any. */
  readonly dateWindow?: DateWindow;
  /** A sentence above the fields. */
  readonly intro?: (row: R) => string;
  readonly reloadLabel: string;
  /** When set, a locked period (423) is only toasted, with this fallback message. */
  readonly lockedMessage?: (row: R) => string;
  /** The problems to show beside the fields, or the edit to send. */
  readonly check: (draft: TimesheetEditDraft, row: R, choice: ProjectChoice) => EditCheck<E>;
  /** The edit touches a day before this week's Monday: the person confirms before it is sent. */
  readonly isLate?: (edit: E, row: R) => boolean;
  readonly send: (row: R, edit: E, confirmedLate: boolean, callbacks: EditCallbacks) => void;
  readonly isPending: boolean;
}

type FormProps<R extends EditableTimesheetRow, E> = EditRowFormProps<R, TimesheetEditor<R, E>>;

function EditTimesheetForm<R extends EditableTimesheetRow, E>({
  row,
  editor,
  onClose,
  onReload,
}: FormProps<R, E>) {
  const choice = useProjectChoice({ projectId: row.projectId, subProjectId: row.subProjectId }, editor.lists);
  const { projectList, projectId, setProjectId, subProjectId, setSubProjectId } = choice;
  const { umbrella, project, subProject } = choice;
  // Hours stored as '0' on a day with only overtime show as empty.
  const savedHours = row.hours === '0' && row.overtimeHours !== null ? '' : row.hours;
  const savedOvertime = row.overtimeHours ?? '';
  const { draft, change, errors, setErrors } = useDraft({
    date: row.date,
    hours: savedHours,
    overtimeHours: savedOvertime,
    comment: row.comment,
  });
  const locked = editor.lockedMessage?.(row);
  const { stale, callbacks } = useEditOutcome(
    {
      updated: msg.updated,
      staleVersion: msg.staleVersion,
      failed: msg.updateFailed,
      ...(locked === undefined ? {} : { locked }),
    },
    onClose,
    setErrors,
  );
  const [lateEdit, setLateEdit] = useState<{ edit: E } | null>(null);

  const showOvertime = project ? overtimeAllowed(project, subProject) : row.overtimeHours !== null;
  // The row's own project and sub-project stay choosable even when no longer offered.
  const projectOptions = optionsKeeping(projectOptionsOf(projectList), {
    id: row.projectId,
    name: row.projectName,
  });
  const subProjectOptions = optionsKeeping(
    projectOptionsOf(choice.subProjectList),
    row.subProjectId === null
      ? null
      : { id: row.subProjectId, name: row.subProjectName ?? String(row.subProjectId) },
  );

  const save = () => {
    const edit: TimesheetEditDraft = {
      projectId,
      // A sub-project only for the umbrella project; any other project's is reset (admin spec §4).
      subProjectId: umbrella ? subProjectId : null,
      date: draft.date,
      hours: decimalText(draft.hours),
      overtimeHours: showOvertime ? decimalText(draft.overtimeHours) : null,
      comment: draft.comment,
      version: row.version,
    };
    const checked = editor.check(edit, row, choice);
    if ('problems' in checked) {
      showBlockingProblems(checked.problems, false, setErrors);
      return;
    }
    if (editor.isLate?.(checked.edit, row)) setLateEdit({ edit: checked.edit });
    else editor.send(row, checked.edit, false, callbacks);
  };

  return (
    <>
      <EditForm
        onSubmit={save}
        onClose={onClose}
        isPending={editor.isPending}
        stale={stale}
        reloadLabel={editor.reloadLabel}
        onReload={onReload}
      >
        {editor.intro ? <p>{editor.intro(row)}</p> : null}
        <Select
          label={label.projectId}
          options={projectOptions}
          value={projectId}
          onChange={(key) => {
            setProjectId(key === null ? null : Number(key));
            setSubProjectId(null);
            setErrors((e) => withoutErrors(e, 'projectId', 'subProjectId'));
          }}
          errorMessage={errors.projectId}
          isRequired
        />
        {umbrella ? (
          <Select
            label={label.subProjectId}
            options={subProjectOptions}
            value={subProjectId}
            onChange={(key) => {
              setSubProjectId(key === null ? null : Number(key));
              setErrors((e) => withoutErrors(e, 'subProjectId'));
            }}
            errorMessage={errors.subProjectId}
            isRequired
          />
        ) : null}
        <DateField
          label={label.date}
          window={editor.dateWindow}
          value={draft.date}
          onChange={(date) => change({ date })}
          errorMessage={errors.date}
          isRequired
        />
        <div className="edit-form__hours">
          <NumberField
            label={label.hours}
            value={draft.hours}
            onChange={(hours) => change({ hours })}
            rule={hoursRule(label.hours, editor.hoursStep)}
            savedValue={savedHours}
            errorMessage={errors.hours}
          />
          {showOvertime ? (
            <NumberField
              label={label.overtimeHours}
              value={draft.overtimeHours}
              onChange={(overtimeHours) => change({ overtimeHours })}
              rule={hoursRule(label.overtimeHours, editor.hoursStep)}
              savedValue={savedOvertime}
              errorMessage={errors.overtimeHours}
            />
          ) : null}
        </div>
        <TextField
          label={label.comment}
          placeholder={msg.commentPlaceholder}
          value={draft.comment}
          onChange={(text) => change({ comment: limitCharacters(text, COMMENT_MAX_LENGTH) })}
          errorMessage={errors.comment}
          description={`${characterCount(draft.comment)}/${COMMENT_MAX_LENGTH}`}
          isRequired
        />
      </EditForm>
      <LateEntryDialog
        isOpen={lateEdit !== null}
        onCancel={() => setLateEdit(null)}
        onProceed={() => {
          if (lateEdit) editor.send(row, lateEdit.edit, true, callbacks);
          setLateEdit(null);
        }}
      />
    </>
  );
}

/**
 * The Edit Timesheet modal of a saved entry: project, sub-project (umbrella project only), date,
 * hours, overtime (where the project allows it) and the activity comment (at most 50 characters);
 * `editor` says who edits it.
 */
export function EditTimesheetDialog<R extends EditableTimesheetRow, E>({
  row,
  ...props
}: { row: R | null } & Omit<FormProps<R, E>, 'row'>) {
  return (
    <EditDialog title="Edit Timesheet" row={row} onClose={props.onClose}>
      {(current) => <EditTimesheetForm row={current} {...props} />}
    </EditDialog>
  );
}
