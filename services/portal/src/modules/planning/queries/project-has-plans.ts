import { QueryHandler } from '@nestjs/cqrs';
import { PortalQueryHandler } from '../../../platform/cqrs';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { ProjectHasPlansQuery } from '../../lookups';
import { planningTables } from '../projections/planning-tables';

/** Whether any planned hours stand on the project (an emptied cell does not count). */
@QueryHandler(ProjectHasPlansQuery)
export class ProjectHasPlansHandler extends PortalQueryHandler<ProjectHasPlansQuery> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ projectId }: ProjectHasPlansQuery): Promise<boolean> {
    const row = await planningTables(this.db)
      .selectFrom('planned_hours')
      .select('employee_id')
      .where('project_id', '=', projectId)
      .where('planned_hours', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
