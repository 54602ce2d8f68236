import {
  needsSubProject,
  reviewDateWindow,
  type BillingPeriod,
  type ReviewFilterProject,
  type ReviewFilters,
  type ReviewPeopleSort,
} from '@portal/contracts';
import { Button } from '../../../ui/button';
import { ComboBox } from '../../../ui/combo-box';
import { Select } from '../../../ui/select';
import { DateField } from '../../../ui/text-field';
import type { ReviewFilterState } from '../review-filters';

const ALL = 'all';

export interface ReviewFilterBarProps {
  readonly filters: ReviewFilters;
  readonly state: ReviewFilterState;
  readonly today: string;
  readonly periods: readonly BillingPeriod[];
  readonly period: BillingPeriod;
  readonly rangeProblems: { readonly start?: string; readonly end?: string };
  readonly onChange: (change: Partial<ReviewFilterState>) => void;
  readonly onClear: () => void;
}

const SORTS: readonly { id: ReviewPeopleSort; name: string }[] = [
  { id: 'name', name: 'Name' },
  { id: 'hours', name: 'Hours' },
  { id: 'expenses', name: 'Expenses' },
  { id: 'total', name: 'Total' },
];

const projectOption = (p: ReviewFilterProject) => ({
  id: p.projectId,
  name: p.isActive ? p.name : `${p.name} (inactive)`,
});

const idOf = (key: unknown) => (key === null || key === ALL ? null : Number(key));

/**
 * The review's filters (admin spec §2): owner (hidden when the caller sees one owner only, as a
 * sightstream admin does), employee, project, sub-project (only for project 45), a period of the
 * project's billing cycle or a date range; and the order of the people.
 */
export function ReviewFilterBar({
  filters,
  state,
  today,
  periods,
  period,
  rangeProblems,
  onChange,
  onClear,
}: ReviewFilterBarProps) {
  const window = reviewDateWindow(today);
  const employees = filters.employees.filter((p) => state.ownerId === null || p.ownerId === state.ownerId);
  // Any change of filter starts again on the first page of people.
  const change = (next: Partial<ReviewFilterState>) => onChange({ page: 1, ...next });
  return (
    <div className="filters review-filters" role="group" aria-label="Filters">
      {filters.owners.length > 1 ? (
        <Select
          label="Owner"
          options={[
            { id: ALL, name: 'All owners' },
            ...filters.owners.map((o) => ({ id: o.ownerId, name: `${o.ownerId} - ${o.name}` })),
          ]}
          value={state.ownerId ?? ALL}
          onChange={(key) => {
            const ownerId = idOf(key);
            const keepEmployee = employees.some(
              (p) => p.staffId === state.employeeId && (ownerId === null || p.ownerId === ownerId),
            );
            change({ ownerId, employeeId: keepEmployee ? state.employeeId : null });
          }}
        />
      ) : null}
      <ComboBox
        label="Employee"
        placeholder="All employees"
        options={[
          { id: ALL, name: 'All employees' },
          ...employees.map((p) => ({ id: p.staffId, name: p.isActive ? p.name : `${p.name} (inactive)` })),
        ]}
        value={state.employeeId ?? ALL}
        onChange={(key) => change({ employeeId: idOf(key) })}
      />
      <Select
        label="Project"
        options={[{ id: ALL, name: 'All projects' }, ...filters.projects.map(projectOption)]}
        value={state.projectId ?? ALL}
        onChange={(key) => change({ projectId: idOf(key), subProjectId: null })}
      />
      {state.projectId !== null && needsSubProject(state.projectId) ? (
        <Select
          label="Sub Project"
          options={[{ id: ALL, name: 'All sub-projects' }, ...filters.subProjects.map(projectOption)]}
          value={state.subProjectId ?? ALL}
          onChange={(key) => change({ subProjectId: idOf(key) })}
        />
      ) : null}
      <Select
        label="Show"
        options={[
          { id: 'period', name: 'A period' },
          { id: 'range', name: 'A date range' },
        ]}
        value={state.mode}
        onChange={(key) =>
          change(
            key === 'range'
              ? { mode: 'range', start: state.start || period.start, end: state.end || period.end }
              : { mode: 'period' },
          )
        }
      />
      {state.mode === 'period' ? (
        <Select
          label="Period"
          options={periods.map((p) => ({ id: p.key, name: p.label }))}
          value={period.key}
          description={`${period.start} to ${period.end}`}
          onChange={(key) => change({ periodKey: key === null ? null : String(key) })}
        />
      ) : (
        <>
          <DateField
            label="From"
            window={window}
            value={state.start}
            onChange={(start) => change({ start })}
            errorMessage={rangeProblems.start}
          />
          <DateField
            label="To"
            window={window}
            value={state.end}
            onChange={(end) => change({ end })}
            errorMessage={rangeProblems.end}
          />
        </>
      )}
      <Select
        label="Order people by"
        options={SORTS}
        value={state.sort}
        onChange={(key) => change({ sort: SORTS.find((s) => s.id === key)?.id ?? 'name' })}
      />
      <Select
        label="Order"
        options={[
          { id: 'asc', name: state.sort === 'name' ? 'A to Z' : 'Lowest first' },
          { id: 'desc', name: state.sort === 'name' ? 'Z to A' : 'Highest first' },
        ]}
        value={state.direction}
        onChange={(key) => change({ direction: key === 'desc' ? 'desc' : 'asc' })}
      />
      <div className="review-filters__clear">
        <Button variant="ghost" onPress={onClear}>
          Clear filters
        </Button>
      </div>
    </div>
  );
}
