import { useState } from 'react';
import {
  DEFAULT_TIMESHEET_DOWNLOAD_TYPE,
  exportPeriodPart,
  needsSubProject,
  overtimeAppliesToDownload,
  personPeriods,
  timesheetDownloadTypes,
  timesheetExportFileName,
  timesheetExportMessages as msg,
  type BillingCycle,
  type BillingPeriod,
  type BusinessDate,
  type ProjectOption,
  type TimesheetDownloadType,
} from '@portal/contracts';
import type { ApiError } from '../lib/api';
import { downloadTimesheet } from '../lib/downloads-timesheets';
import { type FieldErrors, fieldErrorsOf, withoutErrors } from '../lib/form-errors';
import { useSubProjects } from '../lib/projects';
import { ModalDialog } from './dialog';
import { DownloadForm, useDownloadRun } from './download-form';
import { Select } from './select';

/** Before a project is chosen, the periods shown are calendar months. */
const NO_PROJECT_CYCLE: BillingCycle = 'Standard Month (First to last)';
/** The 'Please choose…' entry of the type list (spec: the list starts with it). */
const NO_TYPE = 'none';

type DownloadProject = Pick<ProjectOption, 'projectId' | 'name' | 'ownerId' | 'billingCycle'>;

export interface DownloadTimesheetProps {
  readonly today: BusinessDate;
  /** The projects to choose from (a person: the ones they may bill; an admin: their scope). */
  readonly projects: readonly DownloadProject[];
  /** An admin downloading someone else's time; absent: the signed-in person's own. */
  readonly employee?: { readonly staffId: number; readonly name: string };
  /** The periods offered for a cycle; default: the current one and the two before. */
  readonly periodsOf?: (cycle: BillingCycle, today: BusinessDate) => BillingPeriod[];
  readonly initialProjectId?: number | null;
  readonly onClose: () => void;
}

/** Server problems on the query's fields, shown beside the dialog's fields. */
function dialogErrors(error: ApiError): FieldErrors {
  const byPath = fieldErrorsOf(error.problems);
  const period = byPath.start ?? byPath.end;
  return {
    ...(period ? { period } : {}),
    ...(byPath.projectId ? { projectId: byPath.projectId } : {}),
    ...(byPath.type ? { type: byPath.type } : {}),
  };
}

function DownloadTimesheetForm({
  today,
  projects,
  employee,
  periodsOf = personPeriods,
  initialProjectId = null,
  onClose,
}: DownloadTimesheetProps) {
  const [projectId, setProjectId] = useState<number | null>(initialProjectId);
  const [periodKey, setPeriodKey] = useState<string | null>(null);
  const [type, setType] = useState<TimesheetDownloadType | null>(DEFAULT_TIMESHEET_DOWNLOAD_TYPE);
  const [saved, setSaved] = useState<string | null>(null);
  const { busy, errors, setErrors, run } = useDownloadRun({ fieldsOf: dialogErrors });

  const project = projects.find((p) => p.projectId === projectId) ?? null;
  const subProjects = useSubProjects(project !== null && needsSubProject(project.projectId));
  const periods = periodsOf(project?.billingCycle ?? NO_PROJECT_CYCLE, today);
  const period = periods.find((p) => p.key === periodKey) ?? null;
  const overtime = project !== null && overtimeAppliesToDownload(project, subProjects.data ?? []);
  const types = timesheetDownloadTypes(overtime);
  // A type the project does not offer (an OT type after a switch of project) falls back to the default.
  const chosenType = type === null ? null : types.includes(type) ? type : DEFAULT_TIMESHEET_DOWNLOAD_TYPE;

  const chooseProject = (id: number | null) => {
    const next = projects.find((p) => p.projectId === id) ?? null;
    setProjectId(id);
    // A month stays chosen when the new project's cycle has a period of that name.
    const nextPeriods = periodsOf(next?.billingCycle ?? NO_PROJECT_CYCLE, today);
    if (!nextPeriods.some((p) => p.key === periodKey)) setPeriodKey(null);
    setErrors((current) => withoutErrors(current, 'projectId', 'type'));
  };

  const download = () => {
    const problems: Record<string, string> = {};
    if (!period) problems.period = msg.dateRequired;
    if (!project) problems.projectId = msg.projectRequired;
    if (!chosenType) problems.type = msg.typeRequired;
    setErrors(problems);
    setSaved(null);
    if (!period || !project || !chosenType) return;
    const fallback = timesheetExportFileName(
      employee?.name ?? 'Timesheet',
      project.name,
      exportPeriodPart(project.billingCycle, period.start, period.end),
    );
    const request = {
      projectId: project.projectId,
      start: period.start,
      end: period.end,
      type: chosenType,
      ...(employee ? { employeeId: employee.staffId } : {}),
    };
    void run(async () => setSaved(await downloadTimesheet(request, fallback)));
  };

  return (
    <DownloadForm onSubmit={download} onClose={onClose} isPending={busy}>
      {employee ? <p>{`The time of ${employee.name}.`}</p> : null}
      <Select
        label="Period"
        options={periods.map((p) => ({ id: p.key, name: p.label }))}
        value={period?.key ?? null}
        onChange={(key) => {
          setPeriodKey(key === null ? null : String(key));
          setErrors((current) => withoutErrors(current, 'period'));
        }}
        description={period ? `${period.start} to ${period.end}` : undefined}
        errorMessage={errors.period}
        isRequired
      />
      <Select
        label="Project"
        options={projects.map((p) => ({ id: p.projectId, name: p.name }))}
        value={projectId}
        onChange={(key) => chooseProject(key === null ? null : Number(key))}
        errorMessage={errors.projectId}
        isRequired
      />
      <Select
        label="Type"
        options={[{ id: NO_TYPE, name: 'Please choose…' }, ...types.map((t) => ({ id: t, name: t }))]}
        value={chosenType ?? NO_TYPE}
        onChange={(key) => {
          setType(key === null || key === NO_TYPE ? null : (String(key) as TimesheetDownloadType));
          setErrors((current) => withoutErrors(current, 'type'));
        }}
        errorMessage={errors.type}
        isRequired
      />
      {saved ? <p role="status">{`Downloaded ${saved}.`}</p> : null}
    </DownloadForm>
  );
}

/**
 * Download Timesheet (contractor spec §2, §5; the admin review's Download Timesheets): a period
 * of the project's billing cycle, a project and a type ('Client Timesheet' by default; the OT
 * types only where overtime applies), each flagged beside its field when missing; the portal
 * builds the .xlsx. Power BI is not configured here, so the file is the answer.
 */
export function DownloadTimesheetDialog({
  isOpen,
  ...props
}: { readonly isOpen: boolean } & DownloadTimesheetProps) {
  return (
    <ModalDialog title="Download Timesheet" isOpen={isOpen} onOpenChange={(open) => !open && props.onClose()}>
      {isOpen ? <DownloadTimesheetForm {...props} /> : null}
    </ModalDialog>
  );
}
