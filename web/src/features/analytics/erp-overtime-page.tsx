import { monthPickerLabel, type ErpFilter, type ErpOvertimeReport } from '@portal/contracts';
import { formatDecimal } from '../../lib/format';
import { AnalyticsFrame } from '../../ui/analytics-frame';
import { decimalColumn } from '../../ui/data-table';
import { ChartPanel, COLOURS } from './chart-panel';
import { useErpReport } from './erp-api';
import { ErpView } from './erp-view';

type PersonRow = ErpOvertimeReport['byPerson'][number];
type ProjectRow = ErpOvertimeReport['byProject'][number];
type MonthRow = ErpOvertimeReport['byMonth'][number];

const SERIES = [{ key: 'hours', name: 'Overtime hours', colour: COLOURS[2] }];

function ErpOvertimeView({ report }: { report: ErpOvertimeReport }) {
  return (
    <>
      <ChartPanel<PersonRow>
        title="Overtime by person"
        summary={`${formatDecimal(report.total)} overtime hours on projects of owner 2 and projects 61 and 64.`}
        chart={report.byPerson.map((p) => ({ label: p.name, hours: Number(p.hours) }))}
        categoryKey="label"
        series={SERIES}
        rows={report.byPerson}
        rowKey={(r) => String(r.employeeId)}
        what="people"
        columns={[
          { id: 'name', header: 'Person', text: (r) => r.name, isRowHeader: true, sort: 'text' },
          decimalColumn('hours', 'Overtime hours', (r) => r.hours),
        ]}
      />
      <ChartPanel<ProjectRow>
        title="Overtime by project"
        summary={`${report.byProject.length} projects with overtime.`}
        chart={report.byProject.map((p) => ({ label: p.name, hours: Number(p.hours) }))}
        categoryKey="label"
        series={SERIES}
        rows={report.byProject}
        rowKey={(r) => String(r.projectId)}
        what="projects"
        columns={[
          { id: 'name', header: 'Project', text: (r) => r.name, isRowHeader: true, sort: 'text' },
          decimalColumn('hours', 'Overtime hours', (r) => r.hours),
        ]}
      />
      <ChartPanel<MonthRow>
        title="Overtime by month"
        summary="Overtime hours per month of the range."
        chart={report.byMonth.map((m) => ({ label: monthPickerLabel(m.month), hours: Number(m.hours) }))}
        categoryKey="label"
        series={SERIES}
        rows={report.byMonth}
        rowKey={(r) => r.month}
        what="months"
        columns={[
          { id: 'month', header: 'Month', text: (r) => monthPickerLabel(r.month), isRowHeader: true },
          decimalColumn('hours', 'Overtime hours', (r) => r.hours),
        ]}
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
