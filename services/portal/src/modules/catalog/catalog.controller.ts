import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { projectIdParamSchema, type ProjectDetail, type ProjectOption } from '@portal/contracts';
import { CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { parseQuery } from '../../platform/http/validation';
import { GetProjectQuery } from './queries/get-project';
import { ListBillableProjectsQuery } from './queries/list-billable-projects';
import { ListSubProjectsQuery } from './queries/list-sub-projects';

@Controller('projects')
export class CatalogController {
  constructor(private readonly queries: QueryBus) {}

  @Get('billable')
  billable(@CurrentPrincipal() person: Principal): Promise<ProjectOption[]> {
    return this.queries.execute(new ListBillableProjectsQuery(person));
  }

  @Get('sub-projects')
  subProjects(@CurrentPrincipal() person: Principal): Promise<ProjectOption[]> {
    return this.queries.execute(new ListSubProjectsQuery(person));
  }

  @Get(':id')
  project(@CurrentPrincipal() person: Principal, @Param() params: unknown): Promise<ProjectDetail> {
    return this.queries.execute(new GetProjectQuery(person, parseQuery(projectIdParamSchema, params).id));
  }
}
