import { QueryHandler } from '@nestjs/cqrs';
import {
  sumMoney,
  type ExpenseList,
  type ExpenseListQuery,
  type ExpenseRow,
  type ExpenseSortField,
} from '@portal/contracts';
import { sql } from 'kysely';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { rowReviewOf } from '../../lookups';
import { contractorTimeReadModel } from '../projections/contractor-time.projection';
import { expensesReadModel } from '../projections/expenses.projection';

/** The columns of an expense row that the person's list and the admin's review both answer. */
export const EXPENSE_ROW_COLUMNS = [
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
  'is_approved',
  'verified_at',
  'return_reason',
  'version',
] as const;

/** An expense's date and numbers as text (exact decimals, no JS numbers), as both queries select them. */
export const expenseTextColumns = () =>
  [
    sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date_text'),
    sql<string>`amount::text`.as('amount_text'),
    sql<string>`rate::text`.as('rate_text'),
    sql<string>`claimed::text`.as('claimed_text'),
  ] as const;

/** An expense row's fields as the person's list and the admin's review both answer them (id and review apart). */
export function expenseFieldsOf(r: {
  date_text: string;
  project_id: number;
  project_name: string;
  category_id: number;
  category_name: string;
  currency: string;
  amount_text: string;
  rate_text: string;
  project_currency: string | null;
  claimed_text: string;
  is_billable: boolean;
  comment: string;
  receipt_id: string | null;
}) {
  return {
    date: r.date_text,
    projectId: r.project_id,
    projectName: r.project_name,
    categoryId: r.category_id,
    categoryName: r.category_name,
    currency: r.currency,
    amount: r.amount_text,
    rate: r.rate_text,
    projectCurrency: r.project_currency,
    claimed: r.claimed_text,
    isBillable: r.is_billable,
    comment: r.comment,
    receiptId: r.receipt_id,
  };
}

const SORT_COLUMNS = {
  date: 'date',
  project: 'project_name',
  category: 'category_name',
  claimed: 'claimed',
  comment: 'comment',
} as const satisfies Record<ExpenseSortField, string>;

/** The expense table of the signed-in person: rows in the date range (and project), sorted, with totals. */
export class ListExpenses extends PortalQuery<ExpenseList> {
  constructor(
    readonly person: Principal,
    readonly filter: ExpenseListQuery,
  ) {
    super(person);
  }
}

/**
 * Rows from the expenses read model, the claimed total, and the contractor's total: the value of
 * the person's time over the same range and project (this context's own `contractor-time` read
 * model, fed by the timesheet events) plus the expenses claimed. Sums are exact decimals.
 */
@QueryHandler(ListExpenses)
export class ListExpensesHandler extends PortalQueryHandler<ListExpenses> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ person, filter: query }: ListExpenses): Promise<ExpenseList> {
    const employeeId = person.staffId;
    let select = expensesReadModel(this.db)
      .selectFrom('expenses')
      .select([
        ...EXPENSE_ROW_COLUMNS,
        'receipt_file_name',
        'group_id',
        ...expenseTextColumns(),
        sql<string | null>`to_char(activity_date, 'YYYY-MM-DD')`.as('activity_text'),
        sql<string | null>`total_amount::text`.as('total_text'),
      ])
      .where('employee_id', '=', employeeId)
      .where('date', '>=', query.start)
      .where('date', '<=', query.end);
    if (query.projectId !== null) select = select.where('project_id', '=', query.projectId);
    select = select.orderBy(SORT_COLUMNS[query.sortBy], query.direction);
    if (query.sortBy !== 'date') select = select.orderBy('date', query.direction);
    const found = await select.orderBy('comment').orderBy('expense_id').execute();

    const rows: ExpenseRow[] = found.map((r) => ({
      id: r.expense_id,
      ...expenseFieldsOf(r),
      activityDate: r.activity_text,
      totalAmount: r.total_text,
      receiptFileName: r.receipt_file_name,
      ...rowReviewOf(r),
      version: r.version,
      groupId: r.group_id,
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

  /** The person's time value (hours x 200 per entry, truncated) over the same range and project. */
  private async timesheetValue(employeeId: number, query: ExpenseListQuery): Promise<string> {
    let select = contractorTimeReadModel(this.db)
      .selectFrom('time_values')
      .select(sql<string | null>`sum(value)::text`.as('total'))
      .where('employee_id', '=', employeeId)
      .where('date', '>=', query.start)
      .where('date', '<=', query.end);
    if (query.projectId !== null) select = select.where('project_id', '=', query.projectId);
    const row = await select.executeTakeFirst();
    return sumMoney([row?.total ?? '0']);
  }
}
