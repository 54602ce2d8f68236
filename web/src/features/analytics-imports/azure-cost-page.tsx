import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { MAX_IMPORT_BYTES, megabytes, type AzureCostLine, type AzureImportView } from '@portal/contracts';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { QueryState } from '../../ui/query-state';
import { Select } from '../../ui/select';
import { exportAzureCost, useAzureCost } from './api/analytics-api';
import { CsvUpload, NoImportYet } from './components/csv-upload';
import { ExportButton } from './components/export-button';
import { ALL, fromChoice, useUrlFilters } from './components/url-filters';
import './analytics-imports.css';
import { AnalyticsFrame } from '../../ui/analytics-frame';

const COLOURS = ['#1f5fa8', '#c2571a', '#2f7d32', '#7b3fa0', '#a61e4d', '#0b7285', '#5c5f66', '#946200'];

const costColumns: readonly DataColumn<AzureCostLine>[] = [
  { id: 'month', header: 'Month', sort: 'text', text: (c) => c.month },
  { id: 'service', header: 'Service', sort: 'text', isRowHeader: true, text: (c) => c.service },
  { id: 'currency', header: 'Currency', sort: 'text', text: (c) => c.currency },
  { id: 'cost', header: 'Cost', sort: 'decimal', numeric: true, text: (c) => c.cost },
];

export const importColumns: readonly DataColumn<AzureImportView>[] = [
  { id: 'at', header: 'Uploaded', sort: 'text', text: (i) => i.importedAt.slice(0, 16).replace('T', ' ') },
  { id: 'file', header: 'File', sort: 'text', isRowHeader: true, text: (i) => i.fileName },
  { id: 'by', header: 'By', sort: 'text', text: (i) => i.importedBy },
  { id: 'months', header: 'Months', text: (i) => `${i.firstMonth} to ${i.lastMonth}` },
  { id: 'rows', header: 'Rows', numeric: true, sort: 'decimal', text: (i) => String(i.rowCount) },
];

/** One bar per month, stacked by service (the chart's numbers only draw; the table has the exact ones). */
function chartData(costs: readonly AzureCostLine[], currency: string) {
  const months = new Map<string, Record<string, string | number>>();
  for (const c of costs.filter((line) => line.currency === currency)) {
    const row = months.get(c.month) ?? { month: c.month };
    row[c.service] = Number(c.cost);
    months.set(c.month, row);
  }
  return [...months.values()];
}

const UPLOAD_HINT =
  `The Cost Management export (cost details or usage) as CSV, at most ${megabytes(MAX_IMPORT_BYTES)}. Columns read: Date or UsageDate, ` +
  'ServiceName or MeterCategory, CostInBillingCurrency or Cost, BillingCurrency or Currency. ' +
  'A month uploaded again replaces its figures.';

/** '/admin/azureCost' (admins): Azure cost by service and month from the uploaded exports. */
export function AzureCostPage() {
  const [filters, setFilter] = useUrlFilters(['from', 'to', 'service'] as const);
  const azure = useAzureCost(filters);
  const upload = <CsvUpload kind="azure-cost" label="Upload an Azure cost export (CSV)" hint={UPLOAD_HINT} />;

  return (
    <AnalyticsFrame page="azureCost" title="Azure Cost">
      <QueryState query={azure} what="Azure costs" skeletonLines={6}>
        {(answer) =>
          answer.imports.length === 0 ? (
            <NoImportYet upload={upload} />
          ) : (
            <>
              <section className="card analytics-filters" aria-label="Filters">
                <Select
                  label="From"
                  options={[
                    { id: ALL, name: 'First month' },
                    ...answer.months.map((m) => ({ id: m, name: m })),
                  ]}
                  value={filters.from ?? ALL}
                  onChange={(key) => setFilter('from', fromChoice(key))}
                />
                <Select
                  label="To"
                  options={[
                    { id: ALL, name: 'Last month' },
                    ...answer.months.map((m) => ({ id: m, name: m })),
                  ]}
                  value={filters.to ?? ALL}
                  onChange={(key) => setFilter('to', fromChoice(key))}
                />
                <Select
                  label="Service"
                  options={[
                    { id: ALL, name: 'All services' },
                    ...answer.services.map((s) => ({ id: s, name: s })),
                  ]}
                  value={filters.service ?? ALL}
                  onChange={(key) => setFilter('service', fromChoice(key))}
                />
                <ExportButton run={() => exportAzureCost(filters)} />
              </section>
              <section className="card" aria-labelledby="azure-chart-title">
                <h2 id="azure-chart-title" className="card__title">
                  Cost by service and month
                </h2>
                <p className="analytics-totals" aria-live="polite">
                  {answer.totals.length === 0
                    ? 'No costs for these filters.'
                    : answer.totals.map((t) => `Total ${t.currency} ${t.cost}`).join(' · ')}
                </p>
                {answer.totals.map(({ currency }) => {
                  const data = chartData(answer.costs, currency);
                  const services = [
                    ...new Set(answer.costs.filter((c) => c.currency === currency).map((c) => c.service)),
                  ];
                  return (
                    <figure key={currency} className="analytics-chart">
                      <figcaption>Cost in {currency} (the table below has the exact figures)</figcaption>
                      <ResponsiveContainer width="100%" height={320}>
                        <BarChart data={data} accessibilityLayer>
                          <CartesianGrid strokeDasharray="3 3" />
                          <XAxis dataKey="month" />
                          <YAxis />
                          <Tooltip />
                          <Legend />
                          {services.map((s, i) => (
                            <Bar key={s} dataKey={s} stackId="cost" fill={COLOURS[i % COLOURS.length]} />
                          ))}
                        </BarChart>
                      </ResponsiveContainer>
                    </figure>
                  );
                })}
                <DataTable
                  label="Azure cost by service and month"
                  what="costs"
                  rows={answer.costs}
                  rowKey={(c) => `${c.month}|${c.service}|${c.currency}`}
                  columns={costColumns}
                  defaultSort={{ column: 'month', direction: 'ascending' }}
                  listKey={JSON.stringify(filters)}
                  empty="No costs for these filters."
                />
              </section>
              <section className="card" aria-labelledby="azure-imports-title">
                <h2 id="azure-imports-title" className="card__title">
                  Uploads
                </h2>
                {upload}
                <DataTable
                  label="Past Azure cost uploads"
                  what="uploads"
                  rows={answer.imports}
                  rowKey={(i) => i.importId}
                  columns={importColumns}
                  searchable={false}
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
