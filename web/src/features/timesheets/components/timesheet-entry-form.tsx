import { useState } from 'react';
import {
  ENTRY_HOURS_STEP,
  needsSubProject,
  overtimeAllowed,
  type TimesheetBatchInput,
  timesheetBatchProblems,
  timesheetMessages as msg,
  timesheetWindow,
  wholeHoursRequired,
} from '@portal/contracts';
import { type ApiError, errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { MultiDateCalendar } from '../../../ui/calendar';
import { NumberField } from '../../../ui/number-field';
import { Select } from '../../../ui/select';
import { showToast } from '../../../ui/toast';
import { useBillableProjects } from '../api/get-billable-projects';
import { useSubProjects } from '../api/get-sub-projects';
import { timesheetBatchSchema, useSubmitTimesheets } from '../api/submit-timesheets';
import { type FieldErrors, fieldErrorsOf, hoursText, ruleFacts, zodProblems } from '../form-rules';
import { type DayEntry, DayRows } from './day-rows';
import { LateEntryDialog } from './late-entry-dialog';

function emptyDay(date: string): DayEntry {
  return { date, hours: Number.NaN, overtimeHours: Number.NaN, comment: '' };
}

/** The batch entry form: one project, many days, hours and a comment per day. */
export function TimesheetEntryForm({ today }: { today: string }) {
  const projects = useBillableProjects();
  const [projectId, setProjectId] = useState<number | null>(null);
  const [subProjectId, setSubProjectId] = useState<number | null>(null);
  const umbrella = projectId !== null && needsSubProject(projectId);
  const subProjects = useSubProjects(umbrella);
  const [days, setDays] = useState<DayEntry[]>([]);
  const [hoursForAll, setHoursForAll] = useState(Number.NaN);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lateBatch, setLateBatch] = useState<TimesheetBatchInput | null>(null);
  const submit = useSubmitTimesheets();

  const window = timesheetWindow(today);
  const project = projects.data?.find((p) => p.projectId === projectId);
  const subProject = umbrella ? (subProjects.data?.find((p) => p.projectId === subProjectId) ?? null) : null;
  const showOvertime = project ? overtimeAllowed(project, subProject) : false;
  const wholeHours = project ? wholeHoursRequired(project, subProject) : false;

  const updateDay = (index: number, change: Partial<DayEntry>) =>
    setDays((current) => current.map((day, i) => (i === index ? { ...day, ...change } : day)));

  const send = (batch: TimesheetBatchInput) => {
    submit.mutate(batch, {
      onSuccess: () => {
        showToast(msg.saved, 'success');
        setDays([]);
        setErrors({});
      },
      onError: (error) => {
        setErrors(fieldErrorsOf((error as ApiError).problems ?? []));
        showToast(errorMessage(error, msg.saveFailed), 'danger');
      },
    });
  };

  const save = () => {
    const input: TimesheetBatchInput = {
      projectId,
      subProjectId: umbrella ? subProjectId : null,
      items: days.map((day) => ({
        date: day.date,
        hours: hoursText(day.hours),
        overtimeHours: showOvertime ? hoursText(day.overtimeHours) : null,
        comment: day.comment,
      })),
      confirmLate: false,
    };
    const parsed = timesheetBatchSchema.safeParse(input);
    const problems = parsed.success
      ? timesheetBatchProblems(
          parsed.data,
          ruleFacts(projects.data ?? [], projectId, subProjects.data ?? [], subProjectId, today),
        )
      : zodProblems(parsed.error);
    // The project rules run only on a well-formed batch; name the missing sub-project right away.
    if (!parsed.success && umbrella && subProjectId === null) {
      problems.push({ path: 'subProjectId', message: msg.subProjectRequired });
    }
    const blocking = problems.filter((p) => p.path !== 'confirmLate');
    setErrors(fieldErrorsOf(blocking));
    if (blocking.some((p) => p.message === msg.fillInYourHours)) showToast(msg.fillInYourHours, 'danger');
    if (blocking.length > 0 || !parsed.success) return;

    const batch = { ...parsed.data, confirmLate: false };
    if (problems.some((p) => p.path === 'confirmLate')) setLateBatch(batch);
    else send(batch);
  };

  const projectOptions = (projects.data ?? []).map((p) => ({ id: p.projectId, name: p.name }));
  const subProjectOptions = (subProjects.data ?? []).map((p) => ({ id: p.projectId, name: p.name }));

  return (
    <section className="card" aria-labelledby="entry-form-title">
      <h2 id="entry-form-title" className="card__title">
        Add Timesheet
      </h2>
      {projects.isError ? (
        <p role="alert" className="alert alert--danger">
          {errorMessage(projects.error)}
        </p>
      ) : null}
      <form
        className="entry-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="entry-form__choose">
          <Select
            label="Project"
            options={projectOptions}
            value={projectId}
            placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project'}
            onChange={(key) => {
              setProjectId(key === null ? null : Number(key));
              setSubProjectId(null);
              setErrors(({ projectId: _p, subProjectId: _s, ...rest }) => rest);
            }}
            errorMessage={errors.projectId}
            isRequired
          />
          {umbrella ? (
            <Select
              label="Sub Project"
              options={subProjectOptions}
              value={subProjectId}
              placeholder={subProjects.isPending ? 'Loading sub-projects…' : 'Choose a sub-project'}
              onChange={(key) => {
                setSubProjectId(key === null ? null : Number(key));
                setErrors(({ subProjectId: _s, ...rest }) => rest);
              }}
              errorMessage={errors.subProjectId}
              isRequired
            />
          ) : null}
          <div className="entry-form__calendar">
            <MultiDateCalendar
              label="Days"
              value={days.map((day) => day.date)}
              minValue={window.first}
              maxValue={window.last}
              focusDay={today}
              onChange={(dates) =>
                setDays((current) =>
                  dates.map((date) => current.find((day) => day.date === date) ?? emptyDay(date)),
                )
              }
            />
            {errors.items ? (
              <p className="field__error" role="alert">
                {errors.items}
              </p>
            ) : null}
          </div>
        </div>
        <div className="entry-form__days">
          <div className="entry-form__bulk">
            <NumberField
              label="Hours for all days"
              value={hoursForAll}
              onChange={setHoursForAll}
              step={ENTRY_HOURS_STEP}
              minValue={0}
              description={wholeHours ? 'This project is billed in whole hours.' : undefined}
              errorMessage={errors.hoursForAll}
            />
            <Button
              variant="secondary"
              isDisabled={days.length === 0}
              onPress={() => {
                if (!Number.isFinite(hoursForAll)) {
                  setErrors((current) => ({ ...current, hoursForAll: msg.mustHaveValue('Hours') }));
                  return;
                }
                setErrors(({ hoursForAll: _h, ...rest }) => rest);
                setDays((current) => current.map((day) => ({ ...day, hours: hoursForAll })));
              }}
            >
              Apply hours to all
            </Button>
            <Button
              variant="secondary"
              isDisabled={days.length === 0}
              onPress={() => {
                setDays([]);
                setErrors({});
              }}
            >
              Clear all
            </Button>
          </div>
          <div className="entry-form__rows">
            <DayRows
              days={days}
              showOvertime={showOvertime}
              hoursStep={ENTRY_HOURS_STEP}
              errors={errors}
              onChange={updateDay}
              onRemove={(index) => setDays((current) => current.filter((_, i) => i !== index))}
            />
          </div>
          <div className="entry-form__actions">
            <Button type="submit" isPending={submit.isPending}>
              Save
            </Button>
          </div>
        </div>
      </form>
      <LateEntryDialog
        isOpen={lateBatch !== null}
        onCancel={() => setLateBatch(null)}
        onProceed={() => {
          if (lateBatch) send({ ...lateBatch, confirmLate: true });
          setLateBatch(null);
        }}
      />
    </section>
  );
}
