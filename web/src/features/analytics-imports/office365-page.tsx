import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { MAX_IMPORT_BYTES, megabytes, type LicenceCount, type Office365ImportView } from '@portal/contracts';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { QueryState } from '../../ui/query-state';
import { Select } from '../../ui/select';
import { exportOffice365, useOffice365 } from './api/analytics-api';
import { CsvUpload, NoImportYet } from './components/csv-upload';
import { ExportButton } from './components/export-button';
import { useUrlFilters } from './components/url-filters';
import './analytics-imports.css';
import { AnalyticsFrame } from '../../ui/analytics-frame';

const licenceColumns: readonly DataColumn<LicenceCount>[] = [
  { id: 'sku', header: 'Licence', sort: 'text', isRowHeader: true, text: (l) => l.sku },
  { id: 'assigned', header: 'Assigned', sort: 'decimal', numeric: true, text: (l) => String(l.assigned) },
];

const reportColumns: readonly DataColumn<Office365ImportView>[] = [
  { id: 'date', header: 'Report date', sort: 'text', text: (r) => r.reportDate },
  { id: 'file', header: 'File', sort: 'text', isRowHeader: true, text: (r) => r.fileName },
  { id: 'users', header: 'Users', numeric: true, sort: 'decimal', text: (r) => String(r.users) },
  {
    id: 'licensed',
    header: 'Licensed',
    numeric: true,
    sort: 'decimal',
    text: (r) => String(r.licensedUsers),
  },
  {
    id: 'active',
    header: 'Active',
    numeric: true,
    sort: 'decimal',
    text: (r) => (r.activeUsers === null ? 'not in export' : String(r.activeUsers)),
  },
  { id: 'by', header: 'Uploaded by', sort: 'text', text: (r) => r.importedBy },
];

const UPLOAD_HINT =
  'The Microsoft 365 admin center export as CSV: Reports > Usage > Active users (columns User Principal Name, ' +
  `Display Name, Assigned Products, … Last Activity Date) or Users > Active users (Licenses). At most ${megabytes(MAX_IMPORT_BYTES)}.`;

/** '/admin/office365' (admins): licences and active users from the uploaded Microsoft 365 exports. */
export function Office365Page() {
  const [filters, setFilter] = useUrlFilters(['import'] as const);
  const office = useOffice365(filters.import);
  const upload = (
    <CsvUpload kind="office365" label="Upload a Microsoft 365 users export (CSV)" hint={UPLOAD_HINT} />
  );

  return (
    <AnalyticsFrame page="office365" title="Office 365">
      <QueryState query={office} what="Office 365 reports" skeletonLines={6}>
        {({ imports, selected, licences }) =>
          selected === null ? (
            <NoImportYet upload={upload} />
          ) : (
            <>
              <section className="card analytics-filters" aria-label="Filters">
                <Select
                  label="Report"
                  options={imports.map((r) => ({ id: r.importId, name: `${r.reportDate} · ${r.fileName}` }))}
                  value={selected.importId}
                  onChange={(key) => setFilter('import', key === null ? null : String(key))}
                />
                <ExportButton run={() => exportOffice365(selected.importId)} />
              </section>
              <section className="card" aria-labelledby="o365-licences-title">
                <h2 id="o365-licences-title" className="card__title">
                  Licences on {selected.reportDate}
                </h2>
                <dl className="analytics-figures">
                  <div>
                    <dt>Users</dt>
                    <dd>{selected.users}</dd>
                  </div>
                  <div>
                    <dt>Licensed users</dt>
                    <dd>{selected.licensedUsers}</dd>
                  </div>
                  <div>
                    <dt>Active users</dt>
                    <dd>{selected.activeUsers ?? 'Not in this export'}</dd>
                  </div>
                </dl>
                <figure className="analytics-chart">
                  <figcaption>Licences assigned (the table below has the same figures)</figcaption>
                  <ResponsiveContainer width="100%" height={Math.max(160, licences.length * 36)}>
                    <BarChart data={[...licences]} layout="vertical" accessibilityLayer margin={{ left: 24 }}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis type="number" allowDecimals={false} />
                      <YAxis type="category" dataKey="sku" width={200} />
                      <Tooltip />
                      <Bar dataKey="assigned" name="Assigned" fill="#1f5fa8" />
                    </BarChart>
                  </ResponsiveContainer>
                </figure>
                <DataTable
                  label="Licences assigned"
                  what="licences"
                  rows={licences}
                  rowKey={(l) => l.sku}
                  columns={licenceColumns}
                  listKey={selected.importId}
                  empty="Nobody holds a licence in this report."
                />
              </section>
              <section className="card" aria-labelledby="o365-reports-title">
                <h2 id="o365-reports-title" className="card__title">
                  Active users over time
                </h2>
                <figure className="analytics-chart">
                  <figcaption>
                    Users and active users per report (the table below has the same figures)
                  </figcaption>
                  <ResponsiveContainer width="100%" height={240}>
                    <LineChart data={[...imports].reverse()} accessibilityLayer>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="reportDate" />
                      <YAxis allowDecimals={false} />
                      <Tooltip />
                      <Line dataKey="users" name="Users" stroke="#1f5fa8" />
                      <Line dataKey="activeUsers" name="Active users" stroke="#c2571a" />
                    </LineChart>
                  </ResponsiveContainer>
                </figure>
                {upload}
                <DataTable
                  label="Past Office 365 uploads"
                  what="uploads"
                  rows={imports}
                  rowKey={(r) => r.importId}
                  columns={reportColumns}
                  searchable={false}
                  defaultSort={{ column: 'date', direction: 'descending' }}
                  empty="No export uploaded yet."
                />
              </section>
            </>
          )
        }
      </QueryState>
    </AnalyticsFrame>
  );
}
