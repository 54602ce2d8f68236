import type { MeResponse } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { BusinessCalendar, ownerOfPerson } from '../../clock/business-calendar';
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
  constructor(private readonly calendar: BusinessCalendar) {
    super();
  }

  protected async handle({ person }: WhoAmI): Promise<MeResponse> {
    const ownerId = ownerOfPerson(person);
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
      ownerId,
      timeZone: await this.calendar.zoneOf(ownerId),
    };
  }
}
