import { useState } from 'react';
import {
  adminTimesheetEditSchema,
  characterCount,
  COMMENT_MAX_LENGTH,
  hoursRule,
  limitCharacters,
  needsSubProject,
  overtimeAllowed,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
  type ReviewFilterProject,
  type ReviewTimeRow,
} from '@portal/contracts';
import { decimalText, fieldErrorsOf, withoutErrors, zodProblems } from '../../../lib/form-errors';
import { optionsKeeping, projectOptionsOf } from '../../../lib/projects';
import { EditDialog, EditForm, useEditOutcome } from '../../../ui/edit-dialog';
import { NumberField } from '../../../ui/number-field';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { useAdminCorrectTimesheet } from '../api/review-commands';

/** The admin's hours go in the entry step (0.1), as the person's entry form (admin spec §5). */
const HOURS = hoursRule(label.hours);
const OVERTIME = hoursRule(label.overtimeHours);

export interface EditTimeProps {
  readonly projects: readonly ReviewFilterProject[];
  readonly subProjects: readonly ReviewFilterProject[];
  readonly onClose: () => void;
  readonly onReload: () => void;
}

function EditTimeForm({
  row,
  projects,
  subProjects,
  onClose,
  onReload,
}: EditTimeProps & { row: ReviewTimeRow }) {
  const [projectId, setProjectId] = useState<number | null>(row.projectId);
  const [subProjectId, setSubProjectId] = useState<number | null>(row.subProjectId);
  const [date, setDate] = useState(row.date);
  const [hours, setHours] = useState(row.hours === '0' && row.overtimeHours !== null ? '' : row.hours);
  const [overtimeHours, setOvertimeHours] = useState(row.overtimeHours ?? '');
  const [comment, setComment] = useState(row.comment);
  const correct = useAdminCorrectTimesheet();
  const { errors, setErrors, stale, callbacks } = useEditOutcome(
    { updated: msg.updated, staleVersion: msg.staleVersion, failed: msg.updateFailed },
    onClose,
  );

  const project = projects.find((p) => p.projectId === projectId) ?? null;
  const umbrella = projectId !== null && needsSubProject(projectId);
  const subProject = umbrella ? (subProjects.find((p) => p.projectId === subProjectId) ?? null) : null;
  const showOvertime = project ? overtimeAllowed(project, subProject) : row.overtimeHours !== null;
  const projectOptions = optionsKeeping(projectOptionsOf(projects), {
    id: row.projectId,
    name: row.projectName,
  });
  const subProjectOptions = optionsKeeping(
    projectOptionsOf(subProjects),
    row.subProjectId === null
      ? null
      : { id: row.subProjectId, name: row.subProjectName ?? String(row.subProjectId) },
  );

  const save = () => {
    const input = {
      employeeId: row.employeeId,
      projectId,
      // A sub-project only for the umbrella project 45; any other project's is reset (admin spec §4).
      subProjectId: umbrella ? subProjectId : null,
      date,
      hours: decimalText(hours),
      overtimeHours: showOvertime ? decimalText(overtimeHours) : null,
      comment,
      version: row.version,
    };
    const parsed = adminTimesheetEditSchema.safeParse(input);
    const problems = parsed.success ? [] : zodProblems(parsed.error);
    if (umbrella && subProjectId === null)
      problems.push({ path: 'subProjectId', message: msg.subProjectRequired });
    setErrors(fieldErrorsOf(problems));
    if (!parsed.success || problems.length > 0) return;
    correct.mutate({ entryId: row.id, edit: parsed.data }, callbacks);
  };

  return (
    <EditForm
      onSubmit={save}
      onClose={onClose}
      isPending={correct.isPending}
      stale={stale}
      reloadLabel="Reload the review"
      onReload={onReload}
    >
      <p>{`${row.employeeName}: the person sees the change, with its before and after, in their own list.`}</p>
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
      <TextField
        label={label.date}
        inputType="date"
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
          savedValue={row.hours}
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
            savedValue={row.overtimeHours ?? ''}
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
  );
}

/** The admin's Edit Timesheet (admin spec §7): project, sub-project, date, hours, overtime, activity. */
export function EditTimeDialog({ row, ...props }: EditTimeProps & { row: ReviewTimeRow | null }) {
  return (
    <EditDialog title="Edit Timesheet" row={row} onClose={props.onClose}>
      {(current) => <EditTimeForm row={current} {...props} />}
    </EditDialog>
  );
}
