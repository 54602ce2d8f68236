import type { StaffMemberRegistered, StaffUsernameChanged } from '@portal/contracts';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf, readModelTables } from '../../../platform/projection/read-model-tables';
import type { AccessRequestEvent } from '../domain/access-request';

/** The projection's name; its tables live in the schema `rm_access`. */
export const ACCESS_READ_MODEL = 'access';

/** Someone who signed in before anyone added them, until a staff member with their address is. */
export interface AwaitingTable {
  username: string;
  name: string;
  /** ISO instant of the first sign-in. */
  first_sign_in_at: string;
}

/** Every address a staff member registered under: a first sign-in recorded after it awaits nothing. */
export interface RegisteredAddressesTable {
  username: string;
}

export interface AccessTables {
  awaiting: AwaitingTable;
  registered_addresses: RegisteredAddressesTable;
}

export const accessTables = readModelTables<AccessTables>(ACCESS_READ_MODEL);

type AccessProjectionEvent =
  | AccessRequestEvent
  | { readonly type: 'StaffMemberRegistered'; readonly data: StaffMemberRegistered }
  | { readonly type: 'StaffUsernameChanged'; readonly data: StaffUsernameChanged };

/**
 * Staff Review's "Awaiting access" (issue 25): a first sign-in adds its person; a staff member
 * registered with that address (added by an admin, `npm run staff:add`, a bootstrap admin) takes
 * them off, as does a person moving to that address (`StaffUsernameChanged`, record 0276). In log order, so a first sign-in recorded while the person was being added (the
 * staff read model a moment behind) does not bring them back.
 */
export const awaitingAccessProjection = projectionOf<AccessProjectionEvent, AccessTables>({
  name: ACCESS_READ_MODEL,
  version: 1,
  handled: handledEvents<AccessProjectionEvent>(
    'AccessRequested',
    'StaffMemberRegistered',
    'StaffUsernameChanged',
  ),
  tables: {
    awaiting: {
      columns: {
        username: 'text primary key',
        name: 'text not null',
        first_sign_in_at: 'text not null',
      },
      indexes: { awaiting_by_first_sign_in: ['first_sign_in_at', 'username'] },
    },
    registered_addresses: { columns: { username: 'text primary key' } },
  },

  async apply(event, rm): Promise<void> {
    const username = (
      event.type === 'StaffUsernameChanged' ? event.data.after.username : event.data.username
    ).toLowerCase();
    if (event.type !== 'AccessRequested') {
      await rm
        .insertInto('registered_addresses')
        .values({ username })
        .onConflict((oc) => oc.column('username').doNothing())
        .execute();
      await rm.deleteFrom('awaiting').where('username', '=', username).execute();
      return;
    }
    const registered = await rm
      .selectFrom('registered_addresses')
      .select('username')
      .where('username', '=', username)
      .executeTakeFirst();
    if (registered) return;
    await rm
      .insertInto('awaiting')
      .values({ username, name: event.data.name, first_sign_in_at: event.data.requestedAt })
      .onConflict((oc) => oc.column('username').doNothing())
      .execute();
  },
});
