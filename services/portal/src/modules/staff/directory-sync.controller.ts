import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { DirectorySyncResult, DirectorySyncStatus } from '@portal/contracts';
import { AdminOnly, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { SyncStaffFromDirectoryCommand } from './commands/sync-staff-from-directory';
import { GetDirectorySyncStatus } from './queries/directory-sync-status';

/** Staff Review's Sync from directory (admins; the run itself refuses a sightstream admin). */
@AdminOnly()
@Controller('admin/directory-sync')
export class DirectorySyncController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  status(@CurrentPrincipal() principal: Principal): Promise<DirectorySyncStatus> {
    return this.queries.execute(new GetDirectorySyncStatus(principal));
  }

  /** Runs a sync now and answers what it did. */
  @Post()
  @HttpCode(200)
  sync(@CurrentCaller() caller: Caller): Promise<DirectorySyncResult> {
    const { staffId, name } = caller.principal;
    return this.commands.execute(new SyncStaffFromDirectoryCommand(caller, { staffId, name }));
  }
}
