import { QueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import {
  groupSummaryOf,
  reviewFilterSql,
  ReviewSummaryQuery,
  ReviewTimeRowsQuery,
  rowReviewOf,
  stateCountColumns,
  type ReviewGroupSummary,
  type ReviewTimeRowData,
} from '../../lookups';
import { entryTextColumns } from '../projections/timesheets.projection';
import { ENTRY_ROW_COLUMNS, entryFieldsOf } from './list-timesheets';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/** The admin review's time, summed per person, project and sub-project over the whole filter. */
export class SummariseReviewTime extends ReviewSummaryQuery {}

/** The admin review's time rows of one page's people. */
export class ListReviewTime extends ReviewTimeRowsQuery {}

@QueryHandler(SummariseReviewTime)
export class SummariseReviewTimeHandler extends PortalQueryHandler<SummariseReviewTime> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ filter, replayed }: SummariseReviewTime): Promise<ReviewGroupSummary[]> {
    if (filter.projectIds?.length === 0 || filter.employeeIds?.length === 0) return [];
    const groups = await timesheetsReadModel(this.db, replayed)
      .selectFrom('entries')
      .select([
        'employee_id',
        'project_id',
        'sub_project_id',
        ...stateCountColumns(),
        sql<string>`sum(hours)::text`.as('hours'),
        sql<string>`coalesce(sum(overtime_hours), 0)::text`.as('overtime_hours'),
        sql<string>`sum(value)::text`.as('amount'),
      ])
      .where(reviewFilterSql(filter, true))
      .groupBy(['employee_id', 'project_id', 'sub_project_id'])
      .execute();
    return groups.map(groupSummaryOf);
  }
}

@QueryHandler(ListReviewTime)
export class ListReviewTimeHandler extends PortalQueryHandler<ListReviewTime> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ filter, replayed }: ListReviewTime): Promise<ReviewTimeRowData[]> {
    if (filter.projectIds?.length === 0 || filter.employeeIds?.length === 0) return [];
    const found = await timesheetsReadModel(this.db, replayed)
      .selectFrom('entries')
      .select([...ENTRY_ROW_COLUMNS, 'employee_id', 'employee_name', ...entryTextColumns()])
      .where(reviewFilterSql(filter, true))
      .orderBy('employee_id')
      .orderBy('date')
      .orderBy('comment')
      .orderBy('entry_id')
      .execute();
    return found.map((r) => {
      const { state, returnReason } = rowReviewOf(r);
      return {
        id: r.entry_id,
        employeeId: r.employee_id,
        employeeName: r.employee_name,
        ...entryFieldsOf(r),
        state,
        returnReason,
        version: r.version,
      };
    });
  }
}
