import { useState } from 'react';
import {
  hoursRule,
  overtimeAllowed,
  type TimesheetBatchInput,
  timesheetBatchProblems,
  timesheetFieldLabels as label,
  timesheetMessages as msg,
  timesheetWindow,
  wholeHoursRequired,
} from '@portal/contracts';
import {
  decimalText,
  type FieldErrors,
  fieldErrorsOf,
  withoutErrors,
  zodProblems,
} from '../../../lib/form-errors';
import { useLeaveMarks } from '../../../lib/leave';
import { projectOptionsOf } from '../../../lib/projects';
import { LoadError } from '../../../ui/query-state';
import { Button } from '../../../ui/button';
import { MultiDateCalendar } from '../../../ui/calendar';
import { NumberField } from '../../../ui/number-field';
import { Select } from '../../../ui/select';
import { showSendFailure } from '../../../ui/form-feedback';
import { showToast } from '../../../ui/toast';
import { handOverKey, timesheetBatchSchema, useSubmitTimesheets } from '../api/submit-timesheets';
import { isUnanswered } from '../../../lib/api';
import { useEntryToFix, useQueueOffline } from '../../../ui/offline';
import { showBlockingProblems } from '../../../lib/timesheets/form-rules';
import { useProjectChoice } from '../../../lib/timesheets/use-project-choice';
import { type DayEntry, DayRows } from './day-rows';
import { useRecentCombinations } from '../api/recent-combinations';
import { combinationLabel, RecentCombinations } from './recent-combinations';
import { LateEntryDialog } from '../../../ui/timesheets/late-entry-dialog';
import { CheckedForm } from '../../../ui/checked-form';
import { FormActions } from '../../../ui/form-actions';

function emptyDay(date: string, comment = ''): DayEntry {
  return { date, hours: '', overtimeHours: '', comment };
}

/** A batch as the offline outbox keeps it (the body sent). */
interface KeptBatch {
  readonly projectId?: number | null;
  readonly subProjectId?: number | null;
  readonly items?: readonly {
    date: string;
    hours?: string | null;
    overtimeHours?: string | null;
    comment?: string;
  }[];
}

/** Hours in the entry form: steps of 0.1 (spec §5), the rule the API parses with. */
const HOURS = hoursRule(label.hours);
const OVERTIME = hoursRule(label.overtimeHours);

/** The batch entry form: one project, many days, hours and a comment per day. */
export function TimesheetEntryForm({ today }: { today: string }) {
  const choice = useProjectChoice({ projectId: null, subProjectId: null });
  const { projects, subProjects, projectId, setProjectId, subProjectId, setSubProjectId } = choice;
  const { umbrella, project, subProject } = choice;
  const [days, setDays] = useState<DayEntry[]>([]);
  const [hoursForAll, setHoursForAll] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lateBatch, setLateBatch] = useState<TimesheetBatchInput | null>(null);
  const submit = useSubmitTimesheets();
  const queueOffline = useQueueOffline();
  const recent = useRecentCombinations();
  /** The activity of the recent combination chosen: the comment of days chosen after it. */
  const [activity, setActivity] = useState<{ text: string; from: string } | null>(null);
  // Only combinations whose projects the person may still bill are offered.
  const offered = (recent.data ?? []).filter((c) =>
    choice.projectList.some((p) => p.projectId === c.projectId),
  );

  const window = timesheetWindow(today);
  const leaveMarks = useLeaveMarks(window.first, window.last);
  const showOvertime = project ? overtimeAllowed(project, subProject) : false;
  const wholeHours = project ? wholeHoursRequired(project, subProject) : false;

  const updateDay = (index: number, change: Partial<DayEntry>) => {
    setDays((current) => current.map((day, i) => (i === index ? { ...day, ...change } : day)));
    // A changed field's message goes; the rule says it again when the field is left or saved.
    setErrors((current) =>
      withoutErrors(current, ...Object.keys(change).map((key) => `items.${index}.${key}`)),
    );
  };

  // Fix (Waiting to send): the kept batch back in the form, with the server's messages beside it.
  const { fixed } = useEntryToFix('timesheet', (entry) => {
    const body = entry.body as KeptBatch;
    setProjectId(body.projectId ?? null);
    setSubProjectId(body.subProjectId ?? null);
    setDays(
      (body.items ?? []).map((item) => ({
        date: item.date,
        hours: item.hours ?? '',
        overtimeHours: item.overtimeHours ?? '',
        comment: item.comment ?? '',
      })),
    );
    setErrors(fieldErrorsOf(entry.answer?.problems ?? []));
  });

  const startOver = () => {
    fixed();
    setDays([]);
    setActivity(null);
    setErrors({});
  };

  /** No answer came back: the batch waits on the device under the key it was sent with. */
  const keep = (batch: TimesheetBatchInput) => {
    const name = [project?.name, subProject?.name].filter(Boolean).join(' / ');
    const count = batch.items.length;
    queueOffline({
      kind: 'timesheet',
      path: '/api/timesheets',
      body: batch,
      idempotencyKey: handOverKey(batch),
      receipt: null,
      summary: `Timesheet: ${name || 'a project'}, ${count} day${count === 1 ? '' : 's'} (${batch.items.map((i) => i.date).join(', ')})`,
    }).then(startOver, (error: unknown) => showSendFailure(error, setErrors, msg.saveFailed));
  };

  const send = (batch: TimesheetBatchInput) => {
    submit.mutate(batch, {
      onSuccess: () => {
        showToast(msg.saved, 'success');
        startOver();
      },
      onError: (error) =>
        isUnanswered(error) ? keep(batch) : showSendFailure(error, setErrors, msg.saveFailed),
    });
  };

  const save = () => {
    const input: TimesheetBatchInput = {
      projectId,
      subProjectId: umbrella ? subProjectId : null,
      items: days.map((day) => ({
        date: day.date,
        hours: decimalText(day.hours),
        overtimeHours: showOvertime ? decimalText(day.overtimeHours) : null,
        comment: day.comment,
      })),
      confirmLate: false,
    };
    const parsed = timesheetBatchSchema.safeParse(input);
    const problems = parsed.success
      ? timesheetBatchProblems(parsed.data, choice.facts(today))
      : zodProblems(parsed.error);
    const missingSubProject = !parsed.success && umbrella && subProjectId === null;
    if (showBlockingProblems(problems, missingSubProject, setErrors) || !parsed.success) return;

    const batch = { ...parsed.data, confirmLate: false };
    if (problems.some((p) => p.path === 'confirmLate')) setLateBatch(batch);
    else send(batch);
  };

  const projectOptions = projectOptionsOf(choice.projectList);
  const subProjectOptions = projectOptionsOf(choice.subProjectList);

  return (
    <section className="card" aria-labelledby="entry-form-title">
      <h2 id="entry-form-title" className="card__title">
        Add Timesheet
      </h2>
      {projects.isError ? (
        <LoadError
          error={projects.error}
          what="projects"
          onRetry={projects.refetch}
          isRetrying={projects.isFetching}
        />
      ) : null}
      {subProjects.isError ? (
        <LoadError
          error={subProjects.error}
          what="sub-projects"
          onRetry={subProjects.refetch}
          isRetrying={subProjects.isFetching}
        />
      ) : null}
      <CheckedForm className="entry-form" onSubmit={save}>
        <div className="entry-form__choose">
          <RecentCombinations
            combinations={offered}
            onChoose={(combination) => {
              setProjectId(combination.projectId);
              setSubProjectId(combination.subProjectId);
              setActivity({ text: combination.activity, from: combinationLabel(combination) });
              setDays((current) =>
                current.map((day) => (day.comment ? day : { ...day, comment: combination.activity })),
              );
              setErrors((current) => withoutErrors(current, 'projectId', 'subProjectId'));
            }}
          />
          {activity ? (
            <p className="entry-form__recent-chosen" role="status">
              Filled from {activity.from}. New days get the comment “{activity.text}”.
            </p>
          ) : null}
          <Select
            label="Project"
            options={projectOptions}
            value={projectId}
            placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project'}
            onChange={(key) => {
              setProjectId(key === null ? null : Number(key));
              setSubProjectId(null);
              setErrors((current) => withoutErrors(current, 'projectId', 'subProjectId'));
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
                setErrors((current) => withoutErrors(current, 'subProjectId'));
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
              marks={leaveMarks}
              onChange={(dates) =>
                setDays((current) =>
                  dates.map(
                    (date) => current.find((day) => day.date === date) ?? emptyDay(date, activity?.text),
                  ),
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
              rule={HOURS}
              description={wholeHours ? 'This project is billed in whole hours.' : undefined}
              errorMessage={errors.hoursForAll}
            />
            <Button
              variant="secondary"
              isDisabled={days.length === 0}
              onPress={() => {
                if (decimalText(hoursForAll) === null) {
                  setErrors((current) => ({ ...current, hoursForAll: msg.mustHaveValue('Hours') }));
                  return;
                }
                setErrors((current) => withoutErrors(current, 'hoursForAll'));
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
              hoursRule={HOURS}
              overtimeRule={OVERTIME}
              errors={errors}
              onChange={updateDay}
              onRemove={(index) => setDays((current) => current.filter((_, i) => i !== index))}
            />
          </div>
          <FormActions className="entry-form__actions" submitLabel="Save" isPending={submit.isPending} />
        </div>
      </CheckedForm>
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
