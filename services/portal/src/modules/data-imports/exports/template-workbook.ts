import { QueryHandler } from '@nestjs/cqrs';
import {
  DATA_IMPORT_LAYOUTS,
  exportMonthHeading,
  monthsBetween,
  type DataImportKind,
} from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { loadExcelJs } from '../../../platform/files/exceljs';
import { ProjectDirectory } from '../../catalog';

/** The template's file name. */
export const templateFileName = (kind: DataImportKind): string => `${kind}-import-template.xlsx`;

/** GET /api/admin/imports/templates/{kind}: the kind's layout as an empty workbook, its columns explained on a second sheet. */
@Requires('admin')
export class GetDataImportTemplateQuery extends PortalQuery<Buffer> {
  constructor(
    principal: Principal,
    readonly kind: DataImportKind,
  ) {
    super(principal);
  }
}

@QueryHandler(GetDataImportTemplateQuery)
export class GetDataImportTemplateHandler extends PortalQueryHandler<GetDataImportTemplateQuery> {
  constructor(
    private readonly projects: ProjectDirectory,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async handle({ principal, kind }: GetDataImportTemplateQuery): Promise<Buffer> {
    const layout = DATA_IMPORT_LAYOUTS[kind];
    const headings = [
      ...layout.columns.map((c) => c.heading),
      ...(await this.furtherHeadings(principal!, kind)),
    ];
    const ExcelJS = await loadExcelJs();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(layout.sheet);
    sheet.addRow(headings).font = { bold: true };
    sheet.columns.forEach((column) => (column.width = 24));
    const about = workbook.addWorksheet('Columns');
    about.addRow(['Column', 'Required', 'What it holds']).font = { bold: true };
    for (const column of layout.columns)
      about.addRow([column.heading, column.required ? 'Yes' : 'No', column.help]);
    if (layout.further) about.addRow(['(further columns)', 'No', layout.further]);
    about.columns.forEach((column, i) => (column.width = i === 2 ? 80 : 24));
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  /** The roster's project columns (the active projects the admin sees) and planned hours' months (this year). */
  private async furtherHeadings(principal: Principal, kind: DataImportKind): Promise<string[]> {
    if (kind === 'roster')
      return (await this.projects.listActive({ ownerId: ownerScopeOf(principal) })).map((p) => p.name);
    if (kind === 'planned-hours') {
      const year = (await this.calendar.todayFor(principal)).slice(0, 4);
      return monthsBetween(`${year}-01`, `${year}-12`).map(exportMonthHeading);
    }
    return [];
  }
}
