import type { ErpFilter, ErpTimeReport } from '@portal/contracts';
import { formatDecimal } from '../../lib/format';
import { monthPickerLabel } from '@portal/contracts';
import { AnalyticsFrame } from '../../ui/analytics-frame';
import { decimalColumn } from '../../ui/data-table';
import { COLOURS, nameColumn, RowChartPanel } from './chart-panel';
import { useErpReport } from './erp-api';
import { ErpView } from './erp-view';

type Split = { billable: string; nonBillable: string; total: string };
type MonthRow = ErpTimeReport['byMonth'][number];
type ProjectRow = ErpTimeReport['byProject'][number];
type PersonRow = ErpTimeReport['byPerson'][number];
type OwnerRow = ErpTimeReport['byOwner'][number];

/** Billable, non-billable and total hours: the columns and bars of a split row. */
const split = <T extends Split>() => ({
  series: [
    { key: 'billable', name: 'Billable', colour: COLOURS[0] },
    { key: 'nonBillable', name: 'Non-billable', colour: COLOURS[1] },
  ],
  figures: [
    decimalColumn<T>('billable', 'Billable hours', (r) => r.billable),
    decimalColumn<T>('nonBillable', 'Non-billable hours', (r) => r.nonBillable),
    decimalColumn<T>('total', 'Total hours', (r) => r.total),
  ],
  bars: (r: T) => ({ billable: Number(r.billable), nonBillable: Number(r.nonBillable) }),
});

function ErpTimeView({ report }: { report: ErpTimeReport }) {
  const { totals } = report;
  return (
    <>
      <RowChartPanel<MonthRow>
        {...split<MonthRow>()}
        title="Hours by month"
        summary={`${formatDecimal(totals.total)} hours in all: ${formatDecimal(totals.billable)} billable, ${formatDecimal(totals.nonBillable)} non-billable.`}
        rows={report.byMonth}
        rowKey={(r) => r.month}
        what="months"
        first={nameColumn<MonthRow>('month', 'Month', (r) => monthPickerLabel(r.month), false)}
      />
      <RowChartPanel<ProjectRow>
        title="Hours by project"
        summary={`${report.byProject.length} projects; billable means a client other than Smartwork Internal.`}
        series={[{ key: 'hours', name: 'Hours', colour: COLOURS[0] }]}
        rows={report.byProject}
        rowKey={(r) => String(r.projectId)}
        what="projects"
        first={nameColumn<ProjectRow>('name', 'Project', (r) => r.name)}
        figures={[
          { id: 'billable', header: 'Billable', text: (r) => (r.billable ? 'Yes' : 'No') },
          decimalColumn('hours', 'Hours', (r) => r.hours),
        ]}
        bars={(r) => ({ hours: Number(r.hours) })}
      />
      <RowChartPanel<PersonRow>
        {...split<PersonRow>()}
        title="Hours by person"
        summary={`${report.byPerson.length} people recorded time.`}
        rows={report.byPerson}
        rowKey={(r) => String(r.employeeId)}
        what="people"
        first={nameColumn<PersonRow>('name', 'Person', (r) => r.name)}
      />
      <RowChartPanel<OwnerRow>
        {...split<OwnerRow>()}
        title="Hours by owner"
        summary={`${report.byOwner.length} owners.`}
        rows={report.byOwner}
        rowKey={(r) => String(r.ownerId)}
        what="owners"
        first={nameColumn<OwnerRow>('name', 'Owner', (r) => r.name, false)}
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
