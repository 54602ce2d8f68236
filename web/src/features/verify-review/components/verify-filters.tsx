import { periodDaysLabel, type ProjectOption } from '@portal/contracts';
import { optionsKeeping, projectOptionsOf } from '../../../lib/projects';
import { LoadError } from '../../../ui/query-state';
import { Select } from '../../../ui/select';
import { DateField, TextField } from '../../../ui/text-field';
import type { LoadState } from '../../../ui/query-state';
import type { SelectionMode, VerifySelectionState } from '../use-verify-selection';

const MODES: readonly { id: SelectionMode; name: string }[] = [
  { id: 'period', name: 'Billing cycle' },
  { id: 'range', name: 'Date range' },
];

export interface VerifyFiltersProps {
  readonly employeeName: string;
  readonly selection: VerifySelectionState;
  /** The person's latest entry, which the periods count back from. */
  readonly latest: LoadState;
  readonly projects: readonly ProjectOption[];
  /** The chosen project's name when it is no longer on the person's roster. */
  readonly projectName: string | null;
}

/** Employee (own name, not changeable), period or date range, and the project (required). */
export function VerifyFilters({
  employeeName,
  selection,
  latest,
  projects,
  projectName,
}: VerifyFiltersProps) {
  const { periods, mode, range, window, cycle } = selection;
  const loading = latest.isPending || selection.cyclePending;
  // Which periods these are: the project's cycle and the chosen period's days, or calendar months.
  const periodHelp = loading
    ? 'Loading your periods…'
    : cycle === null
      ? 'Calendar months. Choose a project to see its billing periods.'
      : `${cycle}: ${periodDaysLabel(selection.period.start, selection.period.end)}`;
  const projectOptions = optionsKeeping(
    projectOptionsOf(projects),
    selection.projectId !== null && projectName ? { id: selection.projectId, name: projectName } : null,
  );
  return (
    <div className="filters verify-filters" role="group" aria-label="Selection">
      <TextField label="Employee" value={employeeName} isDisabled />
      <Select
        label="View"
        options={MODES}
        value={mode}
        onChange={(key) => key !== null && selection.setMode(key as SelectionMode)}
      />
      {latest.isError ? (
        <LoadError
          error={latest.error}
          what="your periods"
          onRetry={latest.refetch}
          isRetrying={latest.isFetching}
        />
      ) : mode === 'period' ? (
        <Select
          label="Period"
          options={periods.map((p) => ({ id: p.key, name: p.label }))}
          value={selection.period.key}
          onChange={(key) => key !== null && selection.setPeriod(String(key))}
          isDisabled={loading}
          description={periodHelp}
        />
      ) : (
        <>
          <DateField
            label="Start"
            window={window}
            value={range.start}
            onChange={(start) => selection.setRange({ ...range, start })}
          />
          <DateField
            label="End"
            window={window}
            value={range.end}
            onChange={(end) => selection.setRange({ ...range, end })}
            description={cycle === null ? undefined : `Billing cycle: ${cycle}`}
            errorMessage={selection.rangeError}
          />
        </>
      )}
      <Select
        label="Project"
        options={projectOptions}
        value={selection.projectId}
        onChange={(key) => selection.setProjectId(key === null ? null : Number(key))}
        errorMessage={selection.projectError}
        isRequired
      />
    </div>
  );
}
