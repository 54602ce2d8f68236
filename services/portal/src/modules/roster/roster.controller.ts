import { Body, Controller, Get, Post, Query, type StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  rosterMatrixQuerySchema,
  rosterSaveSchema,
  type RosterChoices,
  type RosterMatrix,
} from '@portal/contracts';
import { CurrentPrincipal, RosterAccessOnly } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { Clock } from '../../platform/clock/clock';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { takeAsOf } from '../../platform/http/as-of';
import { fileAttachment, XLSX_CONTENT_TYPE } from '../../platform/http/file-download';
import { parseBody, parseQuery } from '../../platform/http/validation';
import { ChangeRosterCommand, type RosterSaveOutcome } from './commands/change-roster';
import { ExportRosterQuery, type RosterFile } from './exports/export-roster';
import { GetRosterChoicesQuery, GetRosterMatrixQuery } from './queries/roster-matrix';

/**
 * The /empRoster screen's calls. Reading: admins and roster editors (403 otherwise); saving: the
 * canEditRoster flag (403 otherwise), both checked by the guard before the input is parsed. A sightstream caller reads and changes owner 2 only.
 */
@Controller('roster')
@RosterAccessOnly('reader')
export class RosterController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly clock: Clock,
  ) {}

  /** `asOf` (an instant): the matrix as it stood then (issue 11). */
  @Get()
  matrix(@CurrentPrincipal() person: Principal, @Query() query: unknown): Promise<RosterMatrix> {
    const { asOf, rest } = takeAsOf(query, this.clock);
    return this.queries.execute(
      new GetRosterMatrixQuery(person, parseQuery(rosterMatrixQuerySchema, rest), asOf),
    );
  }

  @Get('choices')
  choices(@CurrentPrincipal() person: Principal): Promise<RosterChoices> {
    return this.queries.execute(new GetRosterChoicesQuery(person));
  }

  @Get('export')
  async export(@CurrentPrincipal() person: Principal, @Query() query: unknown): Promise<StreamableFile> {
    const file: RosterFile = await this.queries.execute(
      new ExportRosterQuery(person, parseQuery(rosterMatrixQuerySchema, query)),
    );
    return fileAttachment(file.content, XLSX_CONTENT_TYPE, file.fileName);
  }

  /** Answers how many cells changed; waits (read-your-writes) until the read models show them. */
  @Post()
  @RosterAccessOnly('editor')
  async save(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<RosterSaveOutcome> {
    const { changes } = parseBody(rosterSaveSchema, body);
    return this.commands.execute(new ChangeRosterCommand(caller, changes));
  }
}
