import { QueryHandler } from '@nestjs/cqrs';
import { PortalQueryHandler } from '../../../platform/cqrs';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { ProjectHasRosterQuery } from '../../lookups';
import { rosterTables } from '../projections/roster-tables';

/** Whether anyone may bill the project (a ticked roster cell). */
@QueryHandler(ProjectHasRosterQuery)
export class ProjectHasRosterHandler extends PortalQueryHandler<ProjectHasRosterQuery> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ projectId }: ProjectHasRosterQuery): Promise<boolean> {
    const row = await rosterTables(this.db)
      .selectFrom('roster_entries')
      .select('employee_id')
      .where('project_id', '=', projectId)
      .where('is_allowed_to_bill', '=', true)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
