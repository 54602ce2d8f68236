import { useState } from 'react';
import {
  COMMENT_MAX_LENGTH,
  EDIT_HOURS_STEP,
  isLateEntry,
  needsSubProject,
  overtimeAllowed,
  type TimesheetEditInput,
  timesheetEditProblems,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
  type TimesheetRow,
  timesheetWindow,
} from '@portal/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { ModalDialog } from '../../../ui/dialog';
import { NumberField } from '../../../ui/number-field';
import { Select } from '../../../ui/select';
import { TextField } from '../../../ui/text-field';
import { showToast } from '../../../ui/toast';
import { useBillableProjects } from '../api/get-billable-projects';
import { useSubProjects } from '../api/get-sub-projects';
import { timesheetEditSchema, useCorrectTimesheet } from '../api/correct-timesheet';
import { type FieldErrors, fieldErrorsOf, hoursText, ruleFacts, zodProblems } from '../form-rules';
import { LateEntryDialog } from './late-entry-dialog';

function numberOf(text: string | null): number {
  return text === null ? Number.NaN : Number(text);
}

interface EditFormProps {
  readonly row: TimesheetRow;
  readonly today: string;
  readonly onClose: () => void;
  readonly onReload: () => void;
}

function EditTimesheetForm({ row, today, onClose, onReload }: EditFormProps) {
  const projects = useBillableProjects();
  const [projectId, setProjectId] = useState<number | null>(row.projectId);
  const [subProjectId, setSubProjectId] = useState<number | null>(row.subProjectId);
  const umbrella = projectId !== null && needsSubProject(projectId);
  const subProjects = useSubProjects(umbrella);
  const [date, setDate] = useState(row.date);
  const [hours, setHours] = useState(
    numberOf(row.hours === '0' && row.overtimeHours !== null ? null : row.hours),
  );
  const [overtimeHours, setOvertimeHours] = useState(numberOf(row.overtimeHours));
  const [comment, setComment] = useState(row.comment);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [stale, setStale] = useState<string | null>(null);
  const [lateEdit, setLateEdit] = useState<TimesheetEditInput | null>(null);
  const correct = useCorrectTimesheet();

  const window = timesheetWindow(today);
  const projectList = projects.data ?? [];
  const project = projectList.find((p) => p.projectId === projectId);
  const subProject = umbrella ? (subProjects.data?.find((p) => p.projectId === subProjectId) ?? null) : null;
  const showOvertime = project ? overtimeAllowed(project, subProject) : row.overtimeHours !== null;

  // The row's own project stays choosable even if it is no longer on the person's roster.
  const projectOptions = [
    ...projectList.map((p) => ({ id: p.projectId, name: p.name })),
    ...(projectList.some((p) => p.projectId === row.projectId)
      ? []
      : [{ id: row.projectId, name: row.projectName }]),
  ];
  const subProjectOptions = [
    ...(subProjects.data ?? []).map((p) => ({ id: p.projectId, name: p.name })),
    ...(row.subProjectId !== null && !(subProjects.data ?? []).some((p) => p.projectId === row.subProjectId)
      ? [{ id: row.subProjectId, name: row.subProjectName ?? String(row.subProjectId) }]
      : []),
  ];

  const send = (edit: TimesheetEditInput) => {
    correct.mutate(
      { entryId: row.id, edit },
      {
        onSuccess: () => {
          showToast(msg.updated, 'success');
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setStale(errorMessage(error, msg.staleVersion));
            return;
          }
          if (error instanceof ApiError && error.status === 423) {
            showToast(errorMessage(error, msg.notEditable(row.projectName)), 'danger');
            return;
          }
          setErrors(fieldErrorsOf(error instanceof ApiError ? error.problems : []));
          showToast(errorMessage(error, msg.updateFailed), 'danger');
        },
      },
    );
  };

  const save = () => {
    const input: TimesheetEditInput = {
      projectId,
      subProjectId: umbrella ? subProjectId : null,
      date,
      hours: hoursText(hours),
      overtimeHours: showOvertime ? hoursText(overtimeHours) : null,
      comment,
      version: row.version,
      confirmLate: false,
    };
    const parsed = timesheetEditSchema.safeParse(input);
    const facts = ruleFacts(projectList, projectId, subProjects.data ?? [], subProjectId, today);
    let problems = parsed.success
      ? timesheetEditProblems(parsed.data, facts, row.date)
      : zodProblems(parsed.error);
    // A project no longer on the roster has no facts here; the server judges it.
    if (parsed.success && !facts.project) problems = problems.filter((p) => p.path !== 'projectId');
    if (!parsed.success && umbrella && subProjectId === null) {
      problems.push({ path: 'subProjectId', message: msg.subProjectRequired });
    }
    const blocking = problems.filter((p) => p.path !== 'confirmLate');
    setErrors(fieldErrorsOf(blocking));
    if (blocking.some((p) => p.message === msg.fillInYourHours)) showToast(msg.fillInYourHours, 'danger');
    if (blocking.length > 0 || !parsed.success) return;

    const edit = { ...parsed.data, confirmLate: false };
    const late = isLateEntry(edit.date, today) || isLateEntry(row.date, today);
    if (late) setLateEdit(edit);
    else send(edit);
  };

  return (
    <>
      <form
        className="edit-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {stale ? (
          <div role="alert" className="alert alert--warning">
            <p>{stale}</p>
            <Button variant="secondary" onPress={onReload}>
              Reload timesheets
            </Button>
          </div>
        ) : null}
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
            onChange={setHours}
            step={EDIT_HOURS_STEP}
            minValue={0}
            errorMessage={errors.hours}
          />
          {showOvertime ? (
            <NumberField
              label={label.overtimeHours}
              value={overtimeHours}
              onChange={setOvertimeHours}
              step={EDIT_HOURS_STEP}
              minValue={0}
              errorMessage={errors.overtimeHours}
            />
          ) : null}
        </div>
        <TextField
          label={label.comment}
          placeholder={msg.commentPlaceholder}
          maxLength={COMMENT_MAX_LENGTH}
          value={comment}
          onChange={setComment}
          errorMessage={errors.comment}
          description={`${comment.length}/${COMMENT_MAX_LENGTH}`}
          isRequired
        />
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
          <Button type="submit" isPending={correct.isPending}>
            Save Changes
          </Button>
        </div>
      </form>
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
    <ModalDialog title="Edit Timesheet" isOpen={row !== null} onOpenChange={(open) => !open && onClose()}>
      {row ? (
        <EditTimesheetForm
          key={`${row.id}-${row.version}`}
          row={row}
          today={today}
          onClose={onClose}
          onReload={onReload}
        />
      ) : null}
    </ModalDialog>
  );
}
