import type { AzureCostAnswer, Office365Answer } from '@portal/contracts';
import { loadExcelJs } from '../../../platform/files/exceljs';

/** The xlsx of what each analytics page shows: its filters on the first rows, then its table. */

export const AZURE_COST_FILE_NAME = 'AzureCost.xlsx';
export const OFFICE365_FILE_NAME = 'Office365.xlsx';

type Row = (string | number | null)[];

async function workbookOf(sheetName: string, filters: Row[], table: Row[]): Promise<Buffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of filters) sheet.addRow(row);
  sheet.addRow([]);
  const heading = sheet.addRow(table[0]!);
  heading.font = { bold: true };
  for (const row of table.slice(1)) sheet.addRow(row);
  sheet.getColumn(1).width = 24;
  sheet.getColumn(2).width = 36;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Cost is written as a number cell from its exact decimal text (Excel keeps 15 digits). */
export function azureCostWorkbook(
  answer: AzureCostAnswer,
  filters: { from: string | null; to: string | null; service: string | null },
): Promise<Buffer> {
  const table: Row[] = [['Month', 'Service', 'Currency', 'Cost']];
  for (const c of answer.costs) table.push([c.month, c.service, c.currency, Number(c.cost)]);
  for (const t of answer.totals) table.push(['Total', '', t.currency, Number(t.cost)]);
  return workbookOf(
    'Azure Cost',
    [
      ['From', filters.from ?? 'all'],
      ['To', filters.to ?? 'all'],
      ['Service', filters.service ?? 'all'],
    ],
    table,
  );
}

export function office365Workbook(answer: Office365Answer): Promise<Buffer> {
  const s = answer.selected;
  const table: Row[] = [['Licence', 'Assigned']];
  for (const l of answer.licences) table.push([l.sku, l.assigned]);
  return workbookOf(
    'Office 365',
    [
      ['Report date', s?.reportDate ?? ''],
      ['File', s?.fileName ?? ''],
      ['Users', s?.users ?? null],
      ['Licensed users', s?.licensedUsers ?? null],
      ['Active users', s?.activeUsers ?? 'not in this export'],
    ],
    table,
  );
}
