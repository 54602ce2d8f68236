import type { ErpFilter, ErpTimeReport } from '@portal/contracts';
import { formatDecimal } from '../../lib/format';
import { monthPickerLabel } from '@portal/contracts';
import { AnalyticsFrame } from '../../ui/analytics-frame';
import { decimalColumn, type DataColumn } from '../../ui/data-table';
import { ChartPanel, COLOURS } from './chart-panel';
import { useErpReport } from './erp-api';
import { ErpView } from './erp-view';

type Split = { billable: string; nonBillable: string; total: string };
type MonthRow = ErpTimeReport['byMonth'][number];
type ProjectRow = ErpTimeReport['byProject'][number];
type PersonRow = ErpTimeReport['byPerson'][number];
type OwnerRow = ErpTimeReport['byOwner'][number];

function splitColumns<T extends Split>(first: DataColumn<T>): DataColumn<T>[] {
  return [
    first,
    decimalColumn<T>('billable', 'Billable hours', (r) => r.billable),
    decimalColumn<T>('nonBillable', 'Non-billable hours', (r) => r.nonBillable),
    decimalColumn<T>('total', 'Total hours', (r) => r.total),
  ];
}

const SPLIT_SERIES = [
  { key: 'billable', name: 'Billable', colour: COLOURS[0] },
  { key: 'nonBillable', name: 'Non-billable', colour: COLOURS[1] },
];

const chartOf = <T extends Split>(rows: readonly T[], label: (r: T) => string) =>
  rows.map((r) => ({ label: label(r), billable: Number(r.billable), nonBillable: Number(r.nonBillable) }));

function ErpTimeView({ report }: { report: ErpTimeReport }) {
  const { totals } = report;
  return (
    <>
      <ChartPanel
        title="Hours by month"
        summary={`${formatDecimal(totals.total)} hours in all: ${formatDecimal(totals.billable)} billable, ${formatDecimal(totals.nonBillable)} non-billable.`}
        chart={chartOf(report.byMonth, (m) => monthPickerLabel(m.month))}
        categoryKey="label"
        series={SPLIT_SERIES}
        rows={report.byMonth}
        rowKey={(r) => r.month}
        what="months"
        columns={splitColumns<MonthRow>({
          id: 'month',
          header: 'Month',
          text: (r) => monthPickerLabel(r.month),
          isRowHeader: true,
        })}
      />
      <ChartPanel<ProjectRow>
        title="Hours by project"
        summary={`${report.byProject.length} projects; billable means a client other than Smartwork Internal.`}
        chart={report.byProject.map((p) => ({ label: p.name, hours: Number(p.hours) }))}
        categoryKey="label"
        series={[{ key: 'hours', name: 'Hours', colour: COLOURS[0] }]}
        rows={report.byProject}
        rowKey={(r) => String(r.projectId)}
        what="projects"
        columns={[
          { id: 'name', header: 'Project', text: (r) => r.name, isRowHeader: true, sort: 'text' },
          { id: 'billable', header: 'Billable', text: (r) => (r.billable ? 'Yes' : 'No') },
          decimalColumn('hours', 'Hours', (r) => r.hours),
        ]}
      />
      <ChartPanel
        title="Hours by person"
        summary={`${report.byPerson.length} people recorded time.`}
        chart={chartOf(report.byPerson, (p) => p.name)}
        categoryKey="label"
        series={SPLIT_SERIES}
        rows={report.byPerson}
        rowKey={(r) => String(r.employeeId)}
        what="people"
        columns={splitColumns<PersonRow>({
          id: 'name',
          header: 'Person',
          text: (r) => r.name,
          isRowHeader: true,
          sort: 'text',
        })}
      />
      <ChartPanel
        title="Hours by owner"
        summary={`${report.byOwner.length} owners.`}
        chart={chartOf(report.byOwner, (o) => o.name)}
        categoryKey="label"
        series={SPLIT_SERIES}
        rows={report.byOwner}
        rowKey={(r) => String(r.ownerId)}
        what="owners"
        columns={splitColumns<OwnerRow>({
          id: 'name',
          header: 'Owner',
          text: (r) => r.name,
          isRowHeader: true,
        })}
      />
    </>
  );
}

const useTime = (filter: ErpFilter) => useErpReport('erpTime', filter);

/** '/admin/erpTime' (admins): hours by month, project, person and owner, billable versus not. */
export function ErpTimePage() {
  return (
    <AnalyticsFrame page="erpTime" title="ERP Time">
      <ErpView page="erpTime" what="the hours" useReport={useTime}>
        {(report) => <ErpTimeView report={report} />}
      </ErpView>
    </AnalyticsFrame>
  );
}
