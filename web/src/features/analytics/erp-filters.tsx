import { monthPickerLabel, startOfMonthOffset, type ErpFilter } from '@portal/contracts';
import { Button } from '../../ui/button';
import { ComboBox } from '../../ui/combo-box';
import { QueryLoadError } from '../../ui/query-state';
import { Select } from '../../ui/select';
import { useErpFilterOptions } from './erp-api';
import { businessToday } from '../../lib/business-day';

/** The months offered: two years back to the end of next year. */
function monthOptions(today: string): { id: string; name: string }[] {
  const first = `${Number(today.slice(0, 4)) - 2}-01-01`;
  return Array.from({ length: 48 }, (_, i) => {
    const month = startOfMonthOffset(first, i).slice(0, 7);
    return { id: month, name: monthPickerLabel(month) };
  });
}

export interface ErpFiltersProps {
  readonly filter: ErpFilter;
  readonly onChange: (change: Partial<ErpFilter>) => void;
  readonly onReset: () => void;
}

const idOrNull = (key: unknown): number | null => (key === null || key === '' ? null : Number(key));

/**
 * The ERP views' filters: months, owner (hidden when the asker sees one owner only, as a
 * sightstream admin does), project and person. Each change goes into the URL.
 */
export function ErpFilters({ filter, onChange, onReset }: ErpFiltersProps) {
  const options = useErpFilterOptions();
  const months = monthOptions(businessToday());
  const owners = options.data?.owners ?? [];
  const projects = (options.data?.projects ?? [])
    .filter((p) => filter.ownerId === null || p.ownerId === filter.ownerId)
    .map((p) => ({ id: String(p.projectId), name: p.name }));
  const people = (options.data?.people ?? []).map((p) => ({ id: String(p.employeeId), name: p.name }));
  return (
    <>
      <QueryLoadError query={options} what="the filters’ choices" />
      <fieldset className="analytics-filters">
        <legend className="visually-hidden">Filters</legend>
        <Select
          label="From month"
          options={months}
          value={filter.from}
          onChange={(key) => key !== null && onChange({ from: String(key) })}
        />
        <Select
          label="To month"
          options={months}
          value={filter.to}
          onChange={(key) => key !== null && onChange({ to: String(key) })}
        />
        {owners.length > 1 ? (
          <Select
            label="Owner"
            options={[
              { id: '', name: 'All owners' },
              ...owners.map((o) => ({ id: String(o.ownerId), name: o.name })),
            ]}
            value={filter.ownerId === null ? '' : String(filter.ownerId)}
            onChange={(key) => onChange({ ownerId: idOrNull(key), projectId: null })}
          />
        ) : null}
        <ComboBox
          label="Project"
          options={projects}
          value={filter.projectId === null ? null : String(filter.projectId)}
          onChange={(key) => onChange({ projectId: idOrNull(key) })}
          placeholder="All projects"
        />
        <ComboBox
          label="Person"
          options={people}
          value={filter.employeeId === null ? null : String(filter.employeeId)}
          onChange={(key) => onChange({ employeeId: idOrNull(key) })}
          placeholder="Everyone"
        />
        <Button variant="secondary" onPress={onReset}>
          Reset filters
        </Button>
      </fieldset>
    </>
  );
}
