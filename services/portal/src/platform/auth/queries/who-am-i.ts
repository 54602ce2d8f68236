import type { MeResponse } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { PortalQuery, PortalQueryHandler } from '../../cqrs';
import type { Principal } from '../principal';

/** GET /api/me (signed in): the signed-in person as the server knows them. */
export class WhoAmI extends PortalQuery<MeResponse> {
  constructor(readonly person: Principal) {
    super(person);
  }
}

@QueryHandler(WhoAmI)
export class WhoAmIHandler extends PortalQueryHandler<WhoAmI> {
  protected async handle({ person }: WhoAmI): Promise<MeResponse> {
    return {
      access: 'granted',
      staffId: person.staffId,
      name: person.name,
      username: person.username,
      isAdmin: person.isAdmin,
      userType: person.userType,
      canEditRoster: person.canEditRoster,
      needReceipt: person.needReceipt,
      isAuditor: person.isAuditor === true,
    };
  }
}
