import { QueryHandler } from '@nestjs/cqrs';
import type { LedgerMonthsSummary } from '@portal/contracts';
import { sql } from 'kysely';
import { PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { cellSummaryOf, LedgerMonthsQuery, monthCellsOf } from '../../lookups';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/**
 * Time entries summed per person, project and month by state (with how many were entered or
 * changed late), and the days each person entered time on: one grouped statement over the dates'
 * range (by `entries_by_date_project`), the days as a bit set per cell.
 */
export class SummariseTimesheetMonths extends LedgerMonthsQuery {}

/** The dates (yyyy-mm-dd) of `month` whose bit (day 1 = bit 0) is set in `bits`. */
function daysOf(month: string, bits: number): string[] {
  const days: string[] = [];
  for (let day = 1; day <= 31; day++)
    if (bits & (1 << (day - 1))) days.push(`${month}-${String(day).padStart(2, '0')}`);
  return days;
}

@QueryHandler(SummariseTimesheetMonths)
export class SummariseTimesheetMonthsHandler extends PortalQueryHandler<SummariseTimesheetMonths> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle(query: SummariseTimesheetMonths): Promise<LedgerMonthsSummary> {
    if (query.employeeIds?.length === 0) return { cells: [], daysEntered: [] };
    const cells = await monthCellsOf(timesheetsReadModel(this.db).selectFrom('entries'), query, false, [
      sql<string>`sum(hours)::text`.as('hours'),
      sql<string>`sum(value)::text`.as('amount'),
      sql<number>`count(*) filter (where late_entry)::int`.as('late_entries'),
      // The cell's days as bits (day 1 = bit 0): one pass gives the days entered too.
      sql<number>`bit_or(1 << (extract(day from date)::int - 1))`.as('day_bits'),
    ]);
    const days = new Map<string, { employeeId: number; month: string; bits: number }>();
    for (const c of cells) {
      const key = `${c.employee_id}:${c.month}`;
      const seen = days.get(key) ?? { employeeId: c.employee_id, month: c.month, bits: 0 };
      seen.bits |= c.day_bits;
      days.set(key, seen);
    }
    return {
      cells: cells.map(cellSummaryOf),
      daysEntered: [...days.values()].map(({ employeeId, month, bits }) => ({
        employeeId,
        month,
        days: daysOf(month, bits),
      })),
    };
  }
}
