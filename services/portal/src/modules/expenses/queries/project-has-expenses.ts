import { QueryHandler } from '@nestjs/cqrs';
import { PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { ProjectHasExpensesQuery } from '../../lookups';
import { expensesReadModel } from '../projections/expenses-tables';

/** Whether any expense is claimed on the project (one row is enough). */
@QueryHandler(ProjectHasExpensesQuery)
export class ProjectHasExpensesHandler extends PortalQueryHandler<ProjectHasExpensesQuery> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ projectId }: ProjectHasExpensesQuery): Promise<boolean> {
    const row = await expensesReadModel(this.db)
      .selectFrom('expenses')
      .select('project_id')
      .where('project_id', '=', projectId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
