import type { AwaitingAccessRow } from '@portal/contracts';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { AdminOnly, CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { ListAwaitingAccess } from './queries/list-awaiting-access';

/** Staff Review's "Awaiting access" (admins only). */
@AdminOnly()
@Controller('admin/access-requests')
export class AccessController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<AwaitingAccessRow[]> {
    return this.queries.execute(new ListAwaitingAccess(principal));
  }
}
