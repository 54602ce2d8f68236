import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPrincipal } from '../auth/decorators';
import type { Principal } from '../auth/principal';
import type { OutboxMail } from './outbox-mailer';
import { ListOutbox } from './queries/list-outbox';

/** The outbox: every mail the portal sent (admins, each within their scope). */
@Controller('admin/outbox')
export class OutboxController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<OutboxMail[]> {
    return this.queries.execute(new ListOutbox(principal));
  }
}
