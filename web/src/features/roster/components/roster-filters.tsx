import type { RosterChoices } from '@portal/contracts';
import { Button } from '../../../ui/button';
import { Select } from '../../../ui/select';
import type { RosterFilters } from '../api/roster-api';
import { MultiPicker } from './multi-picker';

const ALL = 'all';

export interface RosterFilterBarProps {
  readonly choices: RosterChoices;
  readonly filters: RosterFilters;
  readonly onChange: (filters: RosterFilters) => void;
  readonly onReset: () => void;
  /** null: no export (a past view: the file would hold today's roster). */
  readonly onExport: (() => void) | null;
  readonly isExporting: boolean;
}

/**
 * The roster's filters (admin spec §2): project (multi), employee (multi), owner (single; not
 * offered to a sightstream person, whose scope is one owner), Reset Filters and Export.
 */
export function RosterFilterBar({
  choices,
  filters,
  onChange,
  onReset,
  onExport,
  isExporting,
}: RosterFilterBarProps) {
  const people = choices.people.filter((p) => filters.ownerId === null || p.ownerId === filters.ownerId);
  const projects = choices.projects.filter((p) => filters.ownerId === null || p.ownerId === filters.ownerId);
  return (
    <div className="filters roster-filters" role="group" aria-label="Filters">
      <MultiPicker
        label="Projects"
        options={projects.map((p) => ({ id: p.projectId, name: p.name }))}
        value={filters.projectIds}
        onChange={(projectIds) => onChange({ ...filters, projectIds })}
      />
      <MultiPicker
        label="Employees"
        options={people.map((p) => ({ id: p.staffId, name: p.name }))}
        value={filters.employeeIds}
        onChange={(employeeIds) => onChange({ ...filters, employeeIds })}
      />
      {choices.ownerFilter ? (
        <Select
          label="Owner"
          options={[
            { id: ALL, name: 'All owners' },
            ...choices.owners.map((o) => ({ id: o.ownerId, name: o.name })),
          ]}
          value={filters.ownerId ?? ALL}
          onChange={(key) =>
            onChange({ ...filters, ownerId: key === null || key === ALL ? null : Number(key) })
          }
        />
      ) : null}
      <div className="roster-filters__actions">
        <Button variant="secondary" onPress={onReset}>
          Reset Filters
        </Button>
        {onExport ? (
          <Button variant="secondary" onPress={onExport} isPending={isExporting}>
            Export
          </Button>
        ) : null}
      </div>
    </div>
  );
}
