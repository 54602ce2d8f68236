// Fixed dates: ERP figures of given entries and filters.
import { erpFilterSchema } from '@portal/contracts';
import { erpExpensesReport, erpOvertimeReport, erpTimeReport, type ErpProject } from './erp-figures';

const filter = erpFilterSchema.parse({ from: '2026-10', to: '2026-11' });
const project = (projectId: number, ownerId: number, clientId: number, hasOvertime = false): ErpProject => ({
  projectId,
  name: `P${projectId}`,
  ownerId,
  clientId,
  hasOvertime,
});
const projects = new Map([
  [33, project(33, 1, 1)],
  [36, project(36, 1, 4)],
  [61, project(61, 1, 2, true)],
]);
const row = (
  employeeId: number,
  projectId: number,
  month: string,
  hours: string,
  overtimeHours: string | null = null,
) => ({
  employeeId,
  employeeName: `E${employeeId}`,
  projectId,
  projectName: `P${projectId}`,
  month,
  hours,
  overtimeHours,
});

describe('ERP figures', () => {
  it('splits time on client 4 as not billable and adds decimals exactly', () => {
    const report = erpTimeReport(
      filter,
      [row(6, 33, '2026-10', '0.1'), row(6, 33, '2026-11', '0.2'), row(6, 36, '2026-11', '0.7')],
      projects,
      new Map([[1, 'Smartwork Consulting']]),
    );
    expect(report.totals).toEqual({ billable: '0.3', nonBillable: '0.7', total: '1' });
    expect(report.byMonth).toEqual([
      { month: '2026-10', billable: '0.1', nonBillable: '0', total: '0.1' },
      { month: '2026-11', billable: '0.2', nonBillable: '0.7', total: '0.9' },
    ]);
    expect(report.byProject.map((p) => [p.projectId, p.billable, p.hours])).toEqual([
      [33, true, '0.3'],
      [36, false, '0.7'],
    ]);
  });

  it('counts overtime only where it applies', () => {
    const report = erpOvertimeReport(
      filter,
      [row(6, 61, '2026-11', '8', '2'), row(6, 33, '2026-11', '8', '1')],
      projects,
    );
    expect(report.total).toBe('2');
    expect(report.byProject).toEqual([{ projectId: 61, name: 'P61', hours: '2' }]);
  });

  it('never adds amounts across currencies', () => {
    const expense = (currency: string, amount: string) => ({
      projectId: 33,
      projectName: 'P33',
      categoryId: 4,
      categoryName: 'Mileage',
      currency,
      month: '2026-11',
      amount,
      count: 1,
    });
    const report = erpExpensesReport(filter, [
      expense('USD', '0.1'),
      expense('CAD', '5'),
      expense('USD', '0.2'),
    ]);
    expect(report.byCurrency).toEqual([
      { currency: 'CAD', amount: '5', count: 1 },
      { currency: 'USD', amount: '0.3', count: 2 },
    ]);
  });
});
