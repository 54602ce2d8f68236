import { SKILL_LEVEL_NAMES, SKILLS, type SkillsMatrixPerson } from '@portal/contracts';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { QueryState } from '../../ui/query-state';
import { Select } from '../../ui/select';
import { exportSkillsMatrix, useSkillsMatrix } from './api/analytics-api';
import { ExportButton } from './components/export-button';
import { ALL, fromChoice, useUrlFilters } from './components/url-filters';
import './analytics-imports.css';
import { AnalyticsFrame } from '../../ui/analytics-frame';

const LEVELS = [1, 2, 3, 4, 5].map((n) => ({
  id: String(n),
  name: `${n} or more (${SKILL_LEVEL_NAMES[n]})`,
}));

/** '/admin/skillsMatrix' (admins): people × skills from everyone's self-assessment, filters in the URL. */
export function SkillsMatrixPage() {
  const [filters, setFilter] = useUrlFilters(['skill', 'minLevel', 'owner', 'person'] as const);
  const matrix = useSkillsMatrix(filters);
  const choice = (key: keyof typeof filters) => (value: unknown) => setFilter(key, fromChoice(value));

  return (
    <AnalyticsFrame page="skillsMatrix" title="Skills Matrix">
      <p className="page__lead">Each person’s own rating, 1 (beginner) to 5 (expert), from their profile.</p>
      <QueryState query={matrix} what="the skills matrix" skeletonLines={6}>
        {(answer) => {
          const columns: DataColumn<SkillsMatrixPerson>[] = [
            { id: 'name', header: 'Person', sort: 'text', isRowHeader: true, text: (p) => p.name },
            { id: 'owner', header: 'Owner', sort: 'text', text: (p) => String(p.ownerId) },
            ...answer.skills.map((s): DataColumn<SkillsMatrixPerson> => ({
              id: s.code,
              header: s.name,
              numeric: true,
              sort: 'decimal',
              sortValue: (p) => String(p.levels[s.code] ?? 0),
              text: (p) => (p.levels[s.code] === undefined ? '' : String(p.levels[s.code])),
            })),
          ];
          return (
            <>
              <section className="card analytics-filters" aria-label="Filters">
                <Select
                  label="Skill"
                  options={[
                    { id: ALL, name: 'All skills' },
                    ...SKILLS.map((s) => ({ id: s.code, name: s.name })),
                  ]}
                  value={filters.skill ?? ALL}
                  onChange={choice('skill')}
                />
                <Select
                  label="Minimum level"
                  options={[{ id: ALL, name: 'Any level' }, ...LEVELS]}
                  value={filters.minLevel ?? ALL}
                  onChange={choice('minLevel')}
                />
                <Select
                  label="Owner"
                  options={[
                    { id: ALL, name: 'All owners' },
                    ...answer.owners.map((o) => ({ id: String(o), name: `Owner ${o}` })),
                  ]}
                  value={filters.owner ?? ALL}
                  onChange={choice('owner')}
                />
                <Select
                  label="Person"
                  options={[
                    { id: ALL, name: 'Everyone' },
                    ...answer.everyone.map((p) => ({ id: String(p.staffId), name: p.name })),
                  ]}
                  value={filters.person ?? ALL}
                  onChange={choice('person')}
                />
                <ExportButton run={() => exportSkillsMatrix(filters)} />
              </section>
              <section className="card" aria-labelledby="matrix-title">
                <h2 id="matrix-title" className="card__title">
                  People × skills
                </h2>
                <DataTable
                  label="Skills matrix"
                  what="people"
                  rows={answer.people}
                  rowKey={(p) => String(p.staffId)}
                  columns={columns}
                  defaultSort={{ column: 'name', direction: 'ascending' }}
                  listKey={JSON.stringify(filters)}
                  empty="Nobody matches these filters yet: people rate their skills on their profile."
                />
              </section>
            </>
          );
        }}
      </QueryState>
    </AnalyticsFrame>
  );
}
