import { QueryHandler } from '@nestjs/cqrs';
import { PortalQueryHandler } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { ProjectHasTimeQuery } from '../../lookups';
import { timesheetsReadModel } from '../projections/timesheets-tables';

/** Whether any time entry names the project, as its project or sub-project (one row is enough). */
@QueryHandler(ProjectHasTimeQuery)
export class ProjectHasTimeHandler extends PortalQueryHandler<ProjectHasTimeQuery> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ projectId }: ProjectHasTimeQuery): Promise<boolean> {
    const row = await timesheetsReadModel(this.db)
      .selectFrom('entries')
      .select('entry_id')
      .where((eb) => eb.or([eb('project_id', '=', projectId), eb('sub_project_id', '=', projectId)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
