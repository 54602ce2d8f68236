import { lazy, Suspense, useState } from 'react';
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
  type ReportEmbed as ReportEmbedAnswer,
  type TimesheetDownloadType,
  type TimesheetExportRequest,
} from '@portal/contracts';
import type { ApiError } from '../lib/api';
import { downloadTimesheet } from '../lib/downloads-timesheets';
import { type FieldErrors, fieldErrorsOf, withoutErrors } from '../lib/form-errors';
import { useSubProjects } from '../lib/projects';
import { fetchReportEmbed, usePowerBiEnabled } from '../lib/reports';
import { Button } from './button';
import { ModalDialog } from './dialog';
import { DownloadForm, useDownloadRun } from './download-form';
import { LoadingSkeleton } from './query-state';
import { Select } from './select';

// powerbi-client is loaded only when a report is shown (Power BI configured).
const ReportEmbed = lazy(() => import('./report-embed').then((m) => ({ default: m.ReportEmbed })));

/** The report on screen and the selection it shows. */
interface ShownReport {
  readonly request: TimesheetExportRequest;
  readonly embed: ReportEmbedAnswer;
  readonly title: string;
}

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
  powerBi,
  onClose,
}: DownloadTimesheetProps & { readonly powerBi: boolean }) {
  const [projectId, setProjectId] = useState<number | null>(initialProjectId);
  const [periodKey, setPeriodKey] = useState<string | null>(null);
  const [type, setType] = useState<TimesheetDownloadType | null>(DEFAULT_TIMESHEET_DOWNLOAD_TYPE);
  const [saved, setSaved] = useState<string | null>(null);
  const [shown, setShown] = useState<ShownReport | null>(null);
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
    setShown(null);
    // A month stays chosen when the new project's cycle has a period of that name.
    const nextPeriods = periodsOf(next?.billingCycle ?? NO_PROJECT_CYCLE, today);
    if (!nextPeriods.some((p) => p.key === periodKey)) setPeriodKey(null);
    setErrors((current) => withoutErrors(current, 'projectId', 'type'));
  };

  /** The chosen selection, or null after flagging each missing field beside it. */
  const selection = () => {
    const problems: Record<string, string> = {};
    if (!period) problems.period = msg.dateRequired;
    if (!project) problems.projectId = msg.projectRequired;
    if (!chosenType) problems.type = msg.typeRequired;
    setErrors(problems);
    setSaved(null);
    if (!period || !project || !chosenType) return null;
    const request: TimesheetExportRequest = {
      projectId: project.projectId,
      start: period.start,
      end: period.end,
      type: chosenType,
      ...(employee ? { employeeId: employee.staffId } : {}),
    };
    return { request, project, period };
  };

  const download = () => {
    const chosen = selection();
    if (!chosen) return;
    const fallback = timesheetExportFileName(
      employee?.name ?? 'Timesheet',
      chosen.project.name,
      exportPeriodPart(chosen.project.billingCycle, chosen.period.start, chosen.period.end),
    );
    void run(async () => setSaved(await downloadTimesheet(chosen.request, fallback)));
  };

  const showReport = () => {
    const chosen = selection();
    if (!chosen) return;
    const title = [chosen.request.type, employee?.name, chosen.project.name, chosen.period.label]
      .filter(Boolean)
      .join(', ');
    void run(async () =>
      setShown({ request: chosen.request, embed: await fetchReportEmbed(chosen.request), title }),
    );
  };

  const xlsxButton = (
    <Button variant="secondary" onPress={download} isDisabled={busy}>
      Download .xlsx
    </Button>
  );

  return (
    <DownloadForm
      onSubmit={powerBi ? showReport : download}
      onClose={onClose}
      isPending={busy}
      submitLabel={powerBi ? 'Show report' : 'Download'}
      otherAction={powerBi ? xlsxButton : undefined}
    >
      {employee ? <p>{`The time of ${employee.name}.`}</p> : null}
      <Select
        label="Period"
        options={periods.map((p) => ({ id: p.key, name: p.label }))}
        value={period?.key ?? null}
        onChange={(key) => {
          setPeriodKey(key === null ? null : String(key));
          setShown(null);
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
          setShown(null);
          setErrors((current) => withoutErrors(current, 'type'));
        }}
        errorMessage={errors.type}
        isRequired
      />
      {saved ? <p role="status">{`Downloaded ${saved}.`}</p> : null}
      {shown ? (
        <Suspense fallback={<LoadingSkeleton what="the report" lines={3} />}>
          <ReportEmbed
            key={JSON.stringify(shown.request)}
            embed={shown.embed}
            title={shown.title}
            fallback={xlsxButton}
            renewToken={() => fetchReportEmbed(shown.request)}
          />
        </Suspense>
      ) : null}
    </DownloadForm>
  );
}

/**
 * Download Timesheet (contractor spec §2, §5; the admin review's Download Timesheets): a period
 * of the project's billing cycle, a project and a type ('Client Timesheet' by default; the OT
 * types only where overtime applies), each flagged beside its field when missing. With a Power BI
 * workspace configured (GET /api/reports/status) Show report embeds the report of the type for the
 * selection, and Download .xlsx stays beside it; without one (or until the server has said so)
 * the portal's .xlsx is the answer.
 */
export function DownloadTimesheetDialog({
  isOpen,
  ...props
}: { readonly isOpen: boolean } & DownloadTimesheetProps) {
  const powerBi = usePowerBiEnabled();
  return (
    <ModalDialog
      title="Download Timesheet"
      isOpen={isOpen}
      onOpenChange={(open) => !open && props.onClose()}
      size={powerBi ? 'large' : 'medium'}
    >
      {isOpen ? <DownloadTimesheetForm {...props} powerBi={powerBi} /> : null}
    </ModalDialog>
  );
}
