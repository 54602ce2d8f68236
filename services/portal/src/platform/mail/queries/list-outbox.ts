import { QueryHandler } from '@nestjs/cqrs';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../auth/principal';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../cqrs';
import type { Database } from '../../database/database';
import { InjectDatabase } from '../../database/database.provider';
import { listOutbox, type OutboxMail, type OutboxScope } from '../outbox-mailer';

/**
 * GET /api/admin/outbox (admins): every mail the portal sent, newest first, within the
 * admin's scope (the one place it is decided): a sightstream admin sees only mail about owner-2
 * people; an admin of the firm (owner 1) sees every mail, as firm admins reach every owner's
 * people elsewhere too (mail about no one's data included).
 */
@Requires('admin')
export class ListOutbox extends SignedInQuery<OutboxMail[]> {}

function outboxScopeOf(principal: Principal): OutboxScope {
  const ownerId = ownerScopeOf(principal);
  return ownerId === null ? { everyOwner: true } : { ownerId };
}

@QueryHandler(ListOutbox)
export class ListOutboxHandler extends PortalQueryHandler<ListOutbox> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected handle(query: ListOutbox): Promise<OutboxMail[]> {
    return listOutbox(this.db, outboxScopeOf(query.principal!));
  }
}
