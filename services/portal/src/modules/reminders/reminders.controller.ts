import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { reminderPreferencesSchema, type ReminderPreferences } from '@portal/contracts';
import { CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { parseBody } from '../../platform/http/validation';
import {
  SetReminderPreferencesCommand,
  type ReminderPreferencesOutcome,
} from './commands/set-reminder-preferences';
import { GetMyReminderPreferences } from './queries/reminder-preferences';

/** /api/reminders/preferences: the signed-in person's own reminder choices (their profile). */
@Controller('reminders/preferences')
export class RemindersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  mine(@CurrentPrincipal() principal: Principal): Promise<ReminderPreferences> {
    return this.queries.execute(new GetMyReminderPreferences(principal));
  }

  @Put()
  set(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ReminderPreferencesOutcome> {
    return this.commands.execute(
      new SetReminderPreferencesCommand(caller, parseBody(reminderPreferencesSchema, body)),
    );
  }
}
