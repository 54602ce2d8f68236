import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { adminTimesheetEditSchema } from '@portal/contracts';
import { AdminOnly } from '../../platform/auth/decorators';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import type { LogPosition } from '../../platform/event-store/event-store.port';
import { parseBody } from '../../platform/http/validation';
import { AdminCorrectTimesheetEntry } from './commands/admin-correct-timesheet-entry';

/** The review page's timesheet edit dialog (admins only: anyone else gets 403 before anything is read). */
@Controller('admin/timesheets')
@AdminOnly()
export class AdminTimesheetsController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':id')
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<{ position: LogPosition | null }> {
    return this.commands.execute(
      new AdminCorrectTimesheetEntry(caller, id, parseBody(adminTimesheetEditSchema, body)),
    );
  }
}
