import { monthPickerLabel, type ErpFilter, type ErpOvertimeReport } from '@portal/contracts';
import { formatDecimal } from '../../lib/format';
import { AnalyticsFrame } from '../../ui/analytics-frame';
import { decimalColumn } from '../../ui/data-table';
import { COLOURS, nameColumn, RowChartPanel } from './chart-panel';
import { useErpReport } from './erp-api';
import { ErpView } from './erp-view';

type PersonRow = ErpOvertimeReport['byPerson'][number];
type ProjectRow = ErpOvertimeReport['byProject'][number];
type MonthRow = ErpOvertimeReport['byMonth'][number];

const SERIES = [{ key: 'hours', name: 'Overtime hours', colour: COLOURS[2] }];
const overtime = <T extends { readonly hours: string }>() => ({
  series: SERIES,
  figures: [decimalColumn<T>('hours', 'Overtime hours', (r) => r.hours)],
  bars: (r: T) => ({ hours: Number(r.hours) }),
});

function ErpOvertimeView({ report }: { report: ErpOvertimeReport }) {
  return (
    <>
      <RowChartPanel<PersonRow>
        {...overtime<PersonRow>()}
        title="Overtime by person"
        summary={`${formatDecimal(report.total)} overtime hours on projects of owner 2 and projects 61 and 64.`}
        rows={report.byPerson}
        rowKey={(r) => String(r.employeeId)}
        what="people"
        first={nameColumn<PersonRow>('name', 'Person', (r) => r.name)}
      />
      <RowChartPanel<ProjectRow>
        {...overtime<ProjectRow>()}
        title="Overtime by project"
        summary={`${report.byProject.length} projects with overtime.`}
        rows={report.byProject}
        rowKey={(r) => String(r.projectId)}
        what="projects"
        first={nameColumn<ProjectRow>('name', 'Project', (r) => r.name)}
      />
      <RowChartPanel<MonthRow>
        {...overtime<MonthRow>()}
        title="Overtime by month"
        summary="Overtime hours per month of the range."
        rows={report.byMonth}
        rowKey={(r) => r.month}
        what="months"
        first={nameColumn<MonthRow>('month', 'Month', (r) => monthPickerLabel(r.month), false)}
      />
    </>
  );
}

const useOvertime = (filter: ErpFilter) => useErpReport('erpOvertime', filter);

/** '/admin/erpOvertime' (admins): overtime by person, project and month (owner 2, projects 61 and 64). */
export function ErpOvertimePage() {
  return (
    <AnalyticsFrame page="erpOvertime" title="ERP Overtime">
      <ErpView page="erpOvertime" what="the overtime" useReport={useOvertime}>
        {(report) => <ErpOvertimeView report={report} />}
      </ErpView>
    </AnalyticsFrame>
  );
}
