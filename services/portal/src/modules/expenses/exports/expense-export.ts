import { QueryHandler } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { streamedDownload, withFirstPageRead } from '../../../platform/files/streamed-download';
import { exportRowPages } from './expense-export-rows';
import { expenseExportFileName, writeExpenseWorkbook } from './expense-workbook';
import type { ExpenseExportQuery } from '@portal/contracts';
import { StaffQueries } from '../../staff';
import { targetEmployee } from './receipts-downloads';

/** The spreadsheet of one person's expenses in a range: one's own, or (admins) someone they can see. */
export class ExportExpenses extends PortalQuery<{ fileName: string; content: Readable }> {
  constructor(
    readonly person: Principal,
    readonly filter: ExpenseExportQuery,
  ) {
    super(person);
  }
}

/**
 * GET /api/expenses/export: whose rows may be read is decided here (403 for someone the person
 * may not see); the first page of rows is read before answering (so a failing database still
 * answers an error), then the workbook streams out while the rest is read.
 */
@QueryHandler(ExportExpenses)
export class ExportExpensesHandler extends PortalQueryHandler<ExportExpenses> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly staff: StaffQueries,
  ) {
    super();
  }

  protected async handle({
    person,
    filter: query,
  }: ExportExpenses): Promise<{ fileName: string; content: Readable }> {
    const employeeId = await targetEmployee(this.staff, person, query.employeeId);
    const pages = await withFirstPageRead(
      exportRowPages(this.db, {
        employeeId,
        start: query.start,
        end: query.end,
        projectId: query.projectId,
      }),
    );
    const content = streamedDownload('ExpenseExport', 'Expense export', (out) =>
      writeExpenseWorkbook(pages, out),
    );
    return { fileName: expenseExportFileName(query.start, query.end), content };
  }
}
