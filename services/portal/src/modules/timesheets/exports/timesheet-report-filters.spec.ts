// Fixed dates: report filters of given ranges.
import { timesheetReportFilters } from './timesheet-report-filters';

describe('timesheetReportFilters', () => {
  it('filters the project, the person and the days, the last day included whatever its time', () => {
    expect(
      timesheetReportFilters('Timesheets', {
        projectId: 12,
        employeeId: 3,
        start: '2026-10-26',
        end: '2026-11-25',
      }),
    ).toEqual([
      {
        $schema: 'http://powerbi.com/product/schema#basic',
        target: { table: 'Timesheets', column: 'ProjectId' },
        filterType: 1,
        operator: 'In',
        values: [12],
      },
      {
        $schema: 'http://powerbi.com/product/schema#basic',
        target: { table: 'Timesheets', column: 'EmployeeId' },
        filterType: 1,
        operator: 'In',
        values: [3],
      },
      {
        $schema: 'http://powerbi.com/product/schema#advanced',
        target: { table: 'Timesheets', column: 'Date' },
        filterType: 0,
        logicalOperator: 'And',
        conditions: [
          { operator: 'GreaterThanOrEqual', value: '2026-10-26T00:00:00' },
          { operator: 'LessThan', value: '2026-11-26T00:00:00' },
        ],
      },
    ]);
  });

  it('ends a range on the last day of a year and of a leap February', () => {
    const endOf = (end: string) =>
      timesheetReportFilters('T', { projectId: 1, employeeId: 1, start: '2026-12-01', end })[2];
    expect(endOf('2026-12-31')).toMatchObject({ conditions: [{}, { value: '2027-01-01T00:00:00' }] });
    expect(endOf('2028-02-29')).toMatchObject({ conditions: [{}, { value: '2028-03-01T00:00:00' }] });
  });
});
