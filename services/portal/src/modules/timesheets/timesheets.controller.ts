import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  copyWeekQuerySchema,
  timesheetBatchSchema,
  timesheetEditSchema,
  timesheetListQuerySchema,
  timesheetWithdrawQuerySchema,
  type CopyWeekProposal,
  type RecentCombination,
  type LatestEntryDate,
  type TimesheetList,
} from '@portal/contracts';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import type { LogPosition } from '../../platform/event-store/event-store.port';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { CorrectTimesheetEntry } from './commands/correct-timesheet-entry';
import { SubmitTimesheet, type SubmitTimesheetResult } from './commands/submit-timesheet';
import { WithdrawTimesheetEntry } from './commands/withdraw-timesheet-entry';
import { CopyLastWeek } from './queries/copy-last-week';
import { RecentTimesheetCombinations } from './queries/recent-combinations';
import { LatestTimesheetDate } from './queries/latest-entry-date';
import { ListTimesheets } from './queries/list-timesheets';

type Positioned = { position: LogPosition | null };

@Controller('timesheets')
export class TimesheetsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  listOwn(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<TimesheetList> {
    return this.queries.execute(
      new ListTimesheets(caller.principal, parseQuery(timesheetListQuerySchema, query)),
    );
  }

  /** The day of the person's latest entry, or null: the verify page's periods count back from it. */
  @Get('latest-date')
  latestDate(@CurrentCaller() caller: Caller): Promise<LatestEntryDate> {
    return this.queries.execute(new LatestTimesheetDate(caller.principal));
  }

  /** Last week's own entries laid onto this week for review (nothing saved; record 0262). */
  @Get('copy-last-week')
  copyLastWeek(@CurrentCaller() caller: Caller, @Query() query: unknown): Promise<CopyWeekProposal> {
    return this.queries.execute(new CopyLastWeek(caller.principal, parseQuery(copyWeekQuerySchema, query)));
  }

  /** Own recent project, sub-project and activity combinations, offered first in the entry form. */
  @Get('recent')
  recent(@CurrentCaller() caller: Caller): Promise<RecentCombination[]> {
    return this.queries.execute(new RecentTimesheetCombinations(caller.principal));
  }

  @Post()
  save(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<SubmitTimesheetResult> {
    return this.commands.execute(new SubmitTimesheet(caller, parseBody(timesheetBatchSchema, body)));
  }

  @Put(':id')
  update(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Positioned> {
    return this.commands.execute(new CorrectTimesheetEntry(caller, id, parseBody(timesheetEditSchema, body)));
  }

  @Delete(':id')
  remove(
    @CurrentCaller() caller: Caller,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<Positioned> {
    const { version } = parseQuery(timesheetWithdrawQuerySchema, query);
    return this.commands.execute(new WithdrawTimesheetEntry(caller, id, version));
  }
}
