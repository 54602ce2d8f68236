import { expenseTypeName, monthOf, type ExpenseClaimedData } from '@portal/contracts';
import { executeOverColumns } from '../../../platform/database/column-arrays';
import type { Database } from '../../../platform/database/database';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import { lastOfEach } from '../../../platform/projection/event-runs';
import { fallbackPersonName, fallbackProjectName, ROW_LOOKUP_JOINS } from '../../lookups';

/** A recorded ExpenseClaimed, typed. */
export type Claimed = RecordedEvent & { readonly type: 'ExpenseClaimed'; readonly data: ExpenseClaimedData };

export const isClaimed = (event: RecordedEvent): event is Claimed => event.type === 'ExpenseClaimed';

/*
 * ExpenseClaimed runs (a month's claims, a period's replay) are written by one raw statement over
 * unnest() arrays (`executeOverColumns`): the names, the receipt's file name and the lock come from
 * the projection's own look-up tables by joins, as the per-event path reads them one query at a time.
 */
const INSERT_CLAIMED = `
  insert into expenses (expense_id, employee_id, employee_name, project_id, project_name, category_id,
                        category_name, date, month, activity_date, currency, amount, total_amount, rate,
                        project_currency, claimed, is_billable, comment, receipt_id, receipt_file_name,
                        group_id, verified_at, version, is_approved, changed_at)
  select r.expense_id, r.employee_id, coalesce(person.name, r.person_fallback), r.project_id,
         coalesce(project.name, r.project_fallback), r.category_id, r.category_name, r.date, r.month,
         r.activity_date, r.currency, r.amount, r.total_amount, r.rate, r.project_currency, r.claimed,
         r.is_billable, r.comment, r.receipt_id, receipt.file_name, r.group_id, lock.verified_at, r.version,
         false, r.changed_at
    from unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::text[], $6::int[], $7::text[],
                $8::date[], $9::text[], $10::date[], $11::text[], $12::numeric[], $13::numeric[],
                $14::numeric[], $15::text[], $16::numeric[], $17::boolean[], $18::text[], $19::uuid[],
                $20::uuid[], $21::int[], $22::timestamptz[])
         as r(expense_id, employee_id, person_fallback, project_id, project_fallback, category_id,
              category_name, date, month, activity_date, currency, amount, total_amount, rate,
              project_currency, claimed, is_billable, comment, receipt_id, group_id, version, changed_at)
    ${ROW_LOOKUP_JOINS}
    left join receipts receipt on receipt.receipt_id = r.receipt_id
  on conflict (expense_id) do update set
    employee_id = excluded.employee_id, employee_name = excluded.employee_name,
    project_id = excluded.project_id, project_name = excluded.project_name,
    category_id = excluded.category_id, category_name = excluded.category_name, date = excluded.date,
    month = excluded.month, activity_date = excluded.activity_date, currency = excluded.currency,
    amount = excluded.amount, total_amount = excluded.total_amount, rate = excluded.rate,
    project_currency = excluded.project_currency, claimed = excluded.claimed,
    is_billable = excluded.is_billable, comment = excluded.comment, receipt_id = excluded.receipt_id,
    receipt_file_name = excluded.receipt_file_name, group_id = excluded.group_id,
    verified_at = excluded.verified_at, version = excluded.version, is_approved = excluded.is_approved,
    changed_at = excluded.changed_at`;

/**
 * One INSERT for a run of ExpenseClaimed events. An expense claimed again (moved here from another
 * month) replaces its row as the per-event upsert does; within one run the last claim of an
 * expense wins, since one statement may not touch a row twice (the upsert overwrites every column
 * it writes, so the earlier claims leave nothing behind).
 */
export async function insertClaimed(events: readonly Claimed[], db: Database): Promise<void> {
  const rows = lastOfEach(events, (event) => event.data.expenseId).map(({ data, metadata }) => [
    data.expenseId,
    data.employeeId,
    fallbackPersonName(data.employeeId),
    data.projectId,
    fallbackProjectName(data.projectId),
    data.categoryId,
    expenseTypeName(data.categoryId),
    data.date,
    monthOf(data.date),
    data.activityDate,
    data.currency,
    data.amount,
    data.totalAmount,
    data.rate,
    data.projectCurrency,
    data.claimed,
    data.isBillable,
    data.comment,
    data.receiptId,
    data.groupId,
    data.version ?? 1,
    metadata.occurredAt,
  ]);
  await executeOverColumns(db, INSERT_CLAIMED, rows);
}
