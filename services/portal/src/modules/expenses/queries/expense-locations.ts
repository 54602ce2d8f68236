import { Injectable } from '@nestjs/common';
import { expenseMessages as msg, isUuid } from '@portal/contracts';
import { sql } from 'kysely';
import type { Principal } from '../../../platform/auth/principal';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { DomainError } from '../../../kernel/domain-error';
import { expensesReadModel } from '../projections/expenses.projection';

export interface ExpenseLocation {
  readonly expenseId: string;
  readonly employeeId: number;
  readonly month: string;
  readonly date: string;
  readonly projectId: number;
  readonly projectName: string;
}

/** Whose expense is this and which month's ledger holds it (the id alone does not say). */
@Injectable()
export class ExpenseLocations {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async find(expenseId: string): Promise<ExpenseLocation | null> {
    return (await this.findMany([expenseId])).get(expenseId) ?? null;
  }

  /** The locations of the given expenses that exist (keyed by id; unknown ids are absent). */
  async findMany(expenseIds: readonly string[]): Promise<Map<string, ExpenseLocation>> {
    const ids = expenseIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await expensesReadModel(this.db)
      .selectFrom('expenses')
      .select([
        'expense_id',
        'employee_id',
        'month',
        'project_id',
        'project_name',
        sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date_text'),
      ])
      .where('expense_id', 'in', ids)
      .execute();
    return new Map(
      rows.map((row) => [
        row.expense_id,
        {
          expenseId: row.expense_id,
          employeeId: row.employee_id,
          month: row.month,
          date: row.date_text,
          projectId: row.project_id,
          projectName: row.project_name,
        },
      ]),
    );
  }

  /** The expense a person wants to change: it must exist (404) and be theirs (403). */
  async own(person: Principal, expenseId: string): Promise<ExpenseLocation> {
    const location = await this.find(expenseId);
    if (!location) throw DomainError.notFound(msg.expenseNotFound);
    if (location.employeeId !== person.staffId) throw DomainError.forbidden(msg.notYourExpense);
    return location;
  }
}
