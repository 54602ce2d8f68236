import { Controller, Get, Query, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { timesheetExportQuerySchema } from '@portal/contracts';
import { CurrentPrincipal } from '../../../platform/auth/decorators';
import type { Principal } from '../../../platform/auth/principal';
import { fileAttachment, XLSX_CONTENT_TYPE } from '../../../platform/http/file-download';
import { parseQuery } from '../../../platform/http/validation';
import { ExportTimesheets, type TimesheetFile } from './export-timesheets';

/** GET /api/timesheets/export: the query decides whose time and which type; the controller streams it. */
@Controller('timesheets')
export class TimesheetExportsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('export')
  async export(@CurrentPrincipal() person: Principal, @Query() query: unknown): Promise<StreamableFile> {
    const file: TimesheetFile = await this.queries.execute(
      new ExportTimesheets(person, parseQuery(timesheetExportQuerySchema, query)),
    );
    return fileAttachment(file.content, XLSX_CONTENT_TYPE, file.fileName);
  }
}
