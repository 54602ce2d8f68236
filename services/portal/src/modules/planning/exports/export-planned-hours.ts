import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { PlannedHoursGrid, PlannedHoursQuery } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { plannedHoursWorkbook } from './planned-hours-workbook';
import { GetPlannedHoursGrid } from '../queries/get-planned-hours-grid';

/** PlannedHours.xlsx of the grid asked (admins; the same scope and checks as the grid). */
@Requires('admin-or-auditor')
export class ExportPlannedHours extends PortalQuery<Buffer> {
  constructor(
    principal: Principal,
    readonly query: PlannedHoursQuery,
  ) {
    super(principal);
  }
}

@QueryHandler(ExportPlannedHours)
export class ExportPlannedHoursHandler extends PortalQueryHandler<ExportPlannedHours> {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  protected async handle({ principal, query }: ExportPlannedHours): Promise<Buffer> {
    const grid = await this.queries.execute<GetPlannedHoursGrid, PlannedHoursGrid>(
      new GetPlannedHoursGrid(principal!, query),
    );
    return plannedHoursWorkbook(grid);
  }
}
