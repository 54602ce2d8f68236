import { Controller, Get, Param } from '@nestjs/common';
import { projectIdParamSchema, type ProjectDetail, type ProjectOption } from '@portal/contracts';
import { CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { parseQuery } from '../../platform/http/validation';
import { ProjectOptionsQuery } from './queries/project-options';

@Controller('projects')
export class CatalogController {
  constructor(private readonly options: ProjectOptionsQuery) {}

  @Get('billable')
  billable(@CurrentPrincipal() person: Principal): Promise<ProjectOption[]> {
    return this.options.billable(person);
  }

  @Get('sub-projects')
  subProjects(@CurrentPrincipal() person: Principal): Promise<ProjectOption[]> {
    return this.options.subProjects(person);
  }

  @Get(':id')
  project(@CurrentPrincipal() person: Principal, @Param() params: unknown): Promise<ProjectDetail> {
    return this.options.detail(person, parseQuery(projectIdParamSchema, params).id);
  }
}
