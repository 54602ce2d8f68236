import { useState } from 'react';
import {
  characterCount,
  COMMENT_MAX_LENGTH,
  EDIT_HOURS_STEP,
  hoursRule,
  isLateEntry,
  limitCharacters,
  overtimeAllowed,
  type TimesheetEditInput,
  timesheetEditProblems,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
  type TimesheetRow,
  timesheetWindow,
} from '@portal/contracts';
import { decimalText, withoutErrors, zodProblems } from '../../lib/form-errors';
import { optionsKeeping, projectOptionsOf } from '../../lib/projects';
import { EditDialog, EditForm, type EditRowFormProps, useEditOutcome } from '../edit-dialog';
import { NumberField } from '../number-field';
import { Select } from '../select';
import { TextField } from '../text-field';
import { timesheetEditSchema, useCorrectTimesheet } from '../../lib/timesheets/correct-timesheet';
import { showBlockingProblems } from '../../lib/timesheets/form-rules';
import { useProjectChoice } from '../../lib/timesheets/use-project-choice';
import { LateEntryDialog } from './late-entry-dialog';

/** Hours changed here go in steps of 0.5 (spec §2, §5); the API checks the same. */
const HOURS = hoursRule(label.hours, EDIT_HOURS_STEP);
const OVERTIME = hoursRule(label.overtimeHours, EDIT_HOURS_STEP);

type EditFormProps = EditRowFormProps<TimesheetRow>;

function EditTimesheetForm({ row, today, onClose, onReload }: EditFormProps) {
  const choice = useProjectChoice({ projectId: row.projectId, subProjectId: row.subProjectId });
  const { projectList, projectId, setProjectId, subProjectId, setSubProjectId } = choice;
  const { umbrella, project, subProject } = choice;
  const [date, setDate] = useState(row.date);
  // Hours stored as '0' on a day with only overtime show as empty.
  const savedHours = row.hours === '0' && row.overtimeHours !== null ? '' : row.hours;
  const savedOvertime = row.overtimeHours ?? '';
  const [hours, setHours] = useState(savedHours);
  const [overtimeHours, setOvertimeHours] = useState(savedOvertime);
  const [comment, setComment] = useState(row.comment);
  const { errors, setErrors, stale, callbacks } = useEditOutcome(
    {
      updated: msg.updated,
      staleVersion: msg.staleVersion,
      failed: msg.updateFailed,
      locked: msg.notEditable(row.projectName),
    },
    onClose,
  );
  const [lateEdit, setLateEdit] = useState<TimesheetEditInput | null>(null);
  const correct = useCorrectTimesheet();

  const window = timesheetWindow(today);
  const showOvertime = project ? overtimeAllowed(project, subProject) : row.overtimeHours !== null;

  // The row's own project and sub-project stay choosable even if no longer on the person's roster.
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

  const send = (edit: TimesheetEditInput) => {
    correct.mutate({ entryId: row.id, edit }, callbacks);
  };

  const save = () => {
    const input: TimesheetEditInput = {
      projectId,
      subProjectId: umbrella ? subProjectId : null,
      date,
      hours: decimalText(hours),
      overtimeHours: showOvertime ? decimalText(overtimeHours) : null,
      comment,
      version: row.version,
      confirmLate: false,
    };
    const parsed = timesheetEditSchema.safeParse(input);
    const facts = choice.facts(today);
    let problems = parsed.success
      ? timesheetEditProblems(parsed.data, facts, row)
      : zodProblems(parsed.error);
    // A project no longer on the roster has no facts here; the server judges it.
    if (parsed.success && !facts.project) problems = problems.filter((p) => p.path !== 'projectId');
    const missingSubProject = !parsed.success && umbrella && subProjectId === null;
    if (showBlockingProblems(problems, missingSubProject, setErrors) || !parsed.success) return;

    const edit = { ...parsed.data, confirmLate: false };
    const late = isLateEntry(edit.date, today) || isLateEntry(row.date, today);
    if (late) setLateEdit(edit);
    else send(edit);
  };

  return (
    <>
      <EditForm
        onSubmit={save}
        onClose={onClose}
        isPending={correct.isPending}
        stale={stale}
        reloadLabel="Reload timesheets"
        onReload={onReload}
      >
        <Select
          label="Project"
          options={projectOptions}
          value={projectId}
          onChange={(key) => {
            setProjectId(key === null ? null : Number(key));
            setSubProjectId(null);
          }}
          errorMessage={errors.projectId}
          isRequired
        />
        {umbrella ? (
          <Select
            label="Sub Project"
            options={subProjectOptions}
            value={subProjectId}
            onChange={(key) => setSubProjectId(key === null ? null : Number(key))}
            errorMessage={errors.subProjectId}
            isRequired
          />
        ) : null}
        <TextField
          label={label.date}
          inputType="date"
          min={window.first}
          max={window.last}
          value={date}
          onChange={setDate}
          errorMessage={errors.date}
          isRequired
        />
        <div className="edit-form__hours">
          <NumberField
            label={label.hours}
            value={hours}
            onChange={(text) => {
              setHours(text);
              setErrors((e) => withoutErrors(e, 'hours'));
            }}
            rule={HOURS}
            savedValue={savedHours}
            errorMessage={errors.hours}
          />
          {showOvertime ? (
            <NumberField
              label={label.overtimeHours}
              value={overtimeHours}
              onChange={(text) => {
                setOvertimeHours(text);
                setErrors((e) => withoutErrors(e, 'overtimeHours'));
              }}
              rule={OVERTIME}
              savedValue={savedOvertime}
              errorMessage={errors.overtimeHours}
            />
          ) : null}
        </div>
        <TextField
          label={label.comment}
          placeholder={msg.commentPlaceholder}
          value={comment}
          onChange={(text) => setComment(limitCharacters(text, COMMENT_MAX_LENGTH))}
          errorMessage={errors.comment}
          description={`${characterCount(comment)}/${COMMENT_MAX_LENGTH}`}
          isRequired
        />
      </EditForm>
      <LateEntryDialog
        isOpen={lateEdit !== null}
        onCancel={() => setLateEdit(null)}
        onProceed={() => {
          if (lateEdit) send({ ...lateEdit, confirmLate: true });
          setLateEdit(null);
        }}
      />
    </>
  );
}

/** The Edit Timesheet modal (hours and overtime step 0.5, comment at most 50 characters). */
export function EditTimesheetDialog({
  row,
  today,
  onClose,
  onReload,
}: { row: TimesheetRow | null } & Omit<EditFormProps, 'row'>) {
  return (
    <EditDialog title="Edit Timesheet" row={row} onClose={onClose}>
      {(current) => <EditTimesheetForm row={current} today={today} onClose={onClose} onReload={onReload} />}
    </EditDialog>
  );
}
