import { Injectable } from '@nestjs/common';
import {
  sumMoney,
  type ExpenseList,
  type ExpenseListQuery,
  type ExpenseRow,
  type ExpenseSortField,
} from '@portal/contracts';
import { sql } from 'kysely';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { readModel } from '../../../platform/projection/projection';
import { verifiedAtText } from '../../lookups/name-lookups';
import { TIMESHEETS_READ_MODEL } from '../../timesheets/projections/timesheets.projection';
import { EXPENSES_READ_MODEL } from '../projections/expenses.projection';

const SORT_COLUMNS: Record<ExpenseSortField, string> = {
  date: 'date',
  project: 'project_name',
  category: 'category_name',
  claimed: 'claimed',
  comment: 'comment',
};

/**
 * The expense table of the signed-in person: rows in the date range (and project), sorted, with
 * the claimed total and the contractor's total (timesheet value over the same range and project,
 * from the timesheets read model, plus the expenses claimed). Sums are exact decimals.
 */
@Injectable()
export class ListExpensesQuery {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async execute(employeeId: number, query: ExpenseListQuery): Promise<ExpenseList> {
    let select = readModel(this.db, EXPENSES_READ_MODEL)
      .selectFrom('expenses')
      .select([
        'expense_id',
        'project_id',
        'project_name',
        'category_id',
        'category_name',
        'currency',
        'project_currency',
        'is_billable',
        'comment',
        'receipt_id',
        'receipt_file_name',
        'is_approved',
        'verified_at',
        'version',
        'group_id',
        sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date_text'),
        sql<string | null>`to_char(activity_date, 'YYYY-MM-DD')`.as('activity_text'),
        sql<string>`amount::text`.as('amount_text'),
        sql<string | null>`total_amount::text`.as('total_text'),
        sql<string>`rate::text`.as('rate_text'),
        sql<string>`claimed::text`.as('claimed_text'),
      ])
      .where('employee_id', '=', employeeId)
      .where('date', '>=', query.start)
      .where('date', '<=', query.end);
    if (query.projectId !== null) select = select.where('project_id', '=', query.projectId);
    select = select.orderBy(SORT_COLUMNS[query.sortBy], query.direction);
    if (query.sortBy !== 'date') select = select.orderBy('date', query.direction);
    const found = await select.orderBy('comment').orderBy('expense_id').execute();

    const rows: ExpenseRow[] = found.map((r) => ({
      id: String(r.expense_id),
      date: String(r.date_text),
      activityDate: r.activity_text === null ? null : String(r.activity_text),
      projectId: Number(r.project_id),
      projectName: String(r.project_name),
      categoryId: Number(r.category_id),
      categoryName: String(r.category_name),
      currency: String(r.currency),
      amount: String(r.amount_text),
      totalAmount: r.total_text === null ? null : String(r.total_text),
      rate: String(r.rate_text),
      projectCurrency: r.project_currency === null ? null : String(r.project_currency),
      claimed: String(r.claimed_text),
      isBillable: Boolean(r.is_billable),
      comment: String(r.comment),
      receiptId: r.receipt_id === null ? null : String(r.receipt_id),
      receiptFileName: r.receipt_file_name === null ? null : String(r.receipt_file_name),
      isApproved: Boolean(r.is_approved),
      verifiedAt: verifiedAtText(r.verified_at),
      version: Number(r.version),
      groupId: r.group_id === null ? null : String(r.group_id),
    }));
    const expensesClaimed = sumMoney(rows.map((r) => r.claimed));
    const timesheetValue = await this.timesheetValue(employeeId, query);
    return {
      rows,
      totals: { claimed: expensesClaimed },
      contractorTotal: {
        timesheetValue,
        expensesClaimed,
        total: sumMoney([timesheetValue, expensesClaimed]),
      },
    };
  }

  /** The person's timesheet value (hours x 200 per row, truncated) over the same range and project. */
  private async timesheetValue(employeeId: number, query: ExpenseListQuery): Promise<string> {
    let select = readModel(this.db, TIMESHEETS_READ_MODEL)
      .selectFrom('entries')
      .select(sql<string | null>`sum(value)::text`.as('total'))
      .where('employee_id', '=', employeeId)
      .where('date', '>=', query.start)
      .where('date', '<=', query.end);
    if (query.projectId !== null) select = select.where('project_id', '=', query.projectId);
    const row = await select.executeTakeFirst();
    return sumMoney([row?.total ?? '0']);
  }
}
