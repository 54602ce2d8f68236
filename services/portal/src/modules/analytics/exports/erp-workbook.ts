import type { ErpPage, ErpReports } from '@portal/contracts';
import { loadExcelJs } from '../../../platform/files/exceljs';

/**
 * The .xlsx of an ERP view: one sheet per table the page shows, the same figures (a heading row,
 * then the rows). Figures are exact decimal strings until the cell, where Excel keeps a number.
 */

type Cell = string | number;
export interface ErpSheet {
  readonly name: string;
  readonly rows: Cell[][];
}

const n = (value: string): number => Number(value);

/** The sheets of a view, pure so a spec can read them. */
export function erpSheets<P extends ErpPage>(page: P, report: ErpReports[P]): ErpSheet[] {
  if (page === 'erpTime') {
    const r = report as ErpReports['erpTime'];
    const split = ['Billable hours', 'Non-billable hours', 'Total hours'];
    return [
      {
        name: 'By month',
        rows: [
          ['Month', ...split],
          ...r.byMonth.map((m) => [m.month, n(m.billable), n(m.nonBillable), n(m.total)]),
        ],
      },
      {
        name: 'By project',
        rows: [
          ['Project', 'Owner', 'Billable', 'Hours'],
          ...r.byProject.map((p) => [p.name, p.ownerId, p.billable ? 'Yes' : 'No', n(p.hours)]),
        ],
      },
      {
        name: 'By person',
        rows: [
          ['Person', ...split],
          ...r.byPerson.map((p) => [p.name, n(p.billable), n(p.nonBillable), n(p.total)]),
        ],
      },
      {
        name: 'By owner',
        rows: [
          ['Owner', ...split],
          ...r.byOwner.map((o) => [o.name, n(o.billable), n(o.nonBillable), n(o.total)]),
        ],
      },
    ];
  }
  if (page === 'erpExpenses') {
    const r = report as ErpReports['erpExpenses'];
    const tail = ['Currency', 'Amount', 'Expenses'];
    return [
      { name: 'By currency', rows: [tail, ...r.byCurrency.map((c) => [c.currency, n(c.amount), c.count])] },
      {
        name: 'By category',
        rows: [['Category', ...tail], ...r.byCategory.map((c) => [c.name, c.currency, n(c.amount), c.count])],
      },
      {
        name: 'By project',
        rows: [['Project', ...tail], ...r.byProject.map((c) => [c.name, c.currency, n(c.amount), c.count])],
      },
      {
        name: 'By month',
        rows: [['Month', ...tail], ...r.byMonth.map((c) => [c.month, c.currency, n(c.amount), c.count])],
      },
    ];
  }
  const r = report as ErpReports['erpOvertime'];
  return [
    {
      name: 'By person',
      rows: [['Person', 'Overtime hours'], ...r.byPerson.map((p) => [p.name, n(p.hours)])],
    },
    {
      name: 'By project',
      rows: [['Project', 'Overtime hours'], ...r.byProject.map((p) => [p.name, n(p.hours)])],
    },
    { name: 'By month', rows: [['Month', 'Overtime hours'], ...r.byMonth.map((m) => [m.month, n(m.hours)])] },
  ];
}

export async function erpWorkbook<P extends ErpPage>(page: P, report: ErpReports[P]): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const book = new ExcelJS.Workbook();
  for (const sheet of erpSheets(page, report)) {
    const target = book.addWorksheet(sheet.name);
    for (const row of sheet.rows) target.addRow(row);
    target.getRow(1).font = { bold: true };
    target.columns.forEach((column) => (column.width = 22));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
