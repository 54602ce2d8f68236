import type { AdminProject } from '@portal/contracts';
import { formatFullDate, formatTableDate } from '../../../lib/format';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import type { LoadState } from '../../../ui/query-state';
import { RowActions } from '../../../ui/row-actions';
import { HistoryButton } from '../../../ui/history';

/** A date cell that may be empty (a project without a start). */
function optionalDateColumn(
  id: string,
  header: string,
  date: (p: AdminProject) => string | null,
): DataColumn<AdminProject> {
  return {
    id,
    header,
    sort: 'text',
    sortValue: (p) => date(p) ?? '',
    text: (p) => {
      const d = date(p);
      return d === null ? '' : `${formatTableDate(d)} ${d}`;
    },
    cell: (p) => {
      const d = date(p);
      return d === null ? (
        <span aria-label="none">—</span>
      ) : (
        <time dateTime={d} title={formatFullDate(d)}>
          {formatTableDate(d)}
        </time>
      );
    },
  };
}

const COLUMNS: readonly DataColumn<AdminProject>[] = [
  {
    id: 'projectId',
    header: '#',
    numeric: true,
    sort: 'decimal',
    text: (p) => String(p.projectId),
  },
  { id: 'name', header: 'Project Name', isRowHeader: true, sort: 'text', text: (p) => p.name },
  { id: 'client', header: 'Client', sort: 'text', text: (p) => p.clientName },
  optionalDateColumn('start', 'Start Date', (p) => p.startDate),
  optionalDateColumn('end', 'End Date', (p) => p.endDate),
  {
    id: 'active',
    header: 'Is Active',
    sort: 'text',
    text: (p) => (p.isActive ? 'Yes' : 'No'),
    cell: (p) => (
      <span className={p.isActive ? 'badge badge--success' : 'badge'}>{p.isActive ? 'Yes' : 'No'}</span>
    ),
  },
];

export interface ProjectsTableProps {
  readonly rows: readonly AdminProject[] | undefined;
  readonly load: LoadState;
  readonly onEdit: (project: AdminProject) => void;
  readonly onDelete: (project: AdminProject) => void;
}

/** The projects of the admin's scope: #, name, client, start, end, active, edit and delete. */
export function ProjectsTable({ rows, load, onEdit, onDelete }: ProjectsTableProps) {
  return (
    <DataTable
      label="Projects"
      what="projects"
      rows={rows}
      load={load}
      rowKey={(p) => String(p.projectId)}
      columns={COLUMNS}
      defaultSort={{ column: 'projectId', direction: 'ascending' }}
      empty="No projects yet. Add the first one with the form above."
      actions={{
        header: 'Actions',
        render: (p) => (
          <div className="row-actions">
            <RowActions
              isApproved={false}
              approvedLabel=""
              what={`project ${p.name}`}
              onEdit={() => onEdit(p)}
              onDelete={() => onDelete(p)}
            />
            <HistoryButton entityKind="project" entityId={String(p.projectId)} name={`project ${p.name}`} />
          </div>
        ),
      }}
    />
  );
}
