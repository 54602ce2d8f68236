import { Body, Controller, Get, Put, Query, type StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  plannedHoursQuerySchema,
  plannedHoursSaveSchema,
  type PlannedHoursGrid,
  type PlannedHoursProjectOption,
} from '@portal/contracts';
import { Readable } from 'node:stream';
import { AdminOnly, AuditorsMayRead } from '../../platform/auth/decorators';
import { Clock } from '../../platform/clock/clock';
import { takeAsOf } from '../../platform/http/as-of';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { fileAttachment, XLSX_CONTENT_TYPE } from '../../platform/http/file-download';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { SetPlannedHoursCommand, type SetPlannedHoursOutcome } from './commands/set-planned-hours';
import { PLANNED_HOURS_FILE_NAME } from './exports/planned-hours-workbook';
import { ExportPlannedHours } from './exports/export-planned-hours';
import { GetPlannedHoursGrid } from './queries/get-planned-hours-grid';
import { ListPlanningProjects } from './queries/list-planning-projects';

/**
 * /api/admin/planned-hours (admins; auditors read its GETs; anyone else 403 before anything is read or written):
 * the project picker, the grid, the save of any number of cells, and PlannedHours.xlsx.
 */
@Controller('admin/planned-hours')
@AdminOnly()
@AuditorsMayRead()
export class PlanningController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  @Get('projects')
  projects(@CurrentCaller() caller: Caller): Promise<PlannedHoursProjectOption[]> {
    return this.queries.execute(new ListPlanningProjects(caller.principal));
  }

  @Get()
  grid(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<PlannedHoursGrid> {
    // `asOf` (an instant): the grid as it stood then, rebuilt from the log (issue 11).
    const { asOf, rest } = takeAsOf(query, this.clock);
    return this.queries.execute(
      new GetPlannedHoursGrid(caller.principal, parseQuery(plannedHoursQuerySchema, rest), asOf),
    );
  }

  @Put()
  save(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<SetPlannedHoursOutcome> {
    const { projectId, cells } = parseBody(plannedHoursSaveSchema, body);
    return this.commands.execute(new SetPlannedHoursCommand(caller, projectId, cells));
  }

  @Get('export')
  async export(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<StreamableFile> {
    const file = await this.queries.execute<ExportPlannedHours, Buffer>(
      new ExportPlannedHours(caller.principal, parseQuery(plannedHoursQuerySchema, query)),
    );
    return fileAttachment(Readable.from([file]), XLSX_CONTENT_TYPE, PLANNED_HOURS_FILE_NAME);
  }
}
