import type { AwaitingAccessRow } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { accessTables } from '../projections/awaiting-access.projection';

/**
 * GET /api/admin/access-requests: Staff Review's "Awaiting access", oldest first sign-in first.
 * The people have no owner until an admin adds them, so only admins of every owner see them; a
 * sightstream admin (owner 2's scope) sees nobody rather than the firm's newcomers (record 0254).
 */
@Requires('admin')
export class ListAwaitingAccess extends SignedInQuery<AwaitingAccessRow[]> {}

@QueryHandler(ListAwaitingAccess)
export class ListAwaitingAccessHandler extends PortalQueryHandler<ListAwaitingAccess> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ principal }: ListAwaitingAccess): Promise<AwaitingAccessRow[]> {
    if (ownerScopeOf(principal!) !== null) return [];
    const rows = await accessTables(this.db)
      .selectFrom('awaiting')
      .selectAll()
      .orderBy('first_sign_in_at')
      .orderBy('username')
      .execute();
    return rows.map((r) => ({ username: r.username, name: r.name, firstSignInAt: r.first_sign_in_at }));
  }
}
