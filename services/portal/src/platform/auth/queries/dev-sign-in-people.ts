import type { DevSignInPerson } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import type { PortalConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.provider';
import { PortalQuery, PortalQueryHandler, Requires } from '../../cqrs';
import { requireDevSignIn } from '../commands/dev-sign-in';
import { StaffDirectory } from '../principal';

/** GET /api/auth/dev/people (public, dev sign-in only): the active people of the picker, by name. */
@Requires('public')
export class DevSignInPeople extends PortalQuery<DevSignInPerson[]> {
  constructor() {
    super(null);
  }
}

@QueryHandler(DevSignInPeople)
export class DevSignInPeopleHandler extends PortalQueryHandler<DevSignInPeople> {
  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly staff: StaffDirectory,
  ) {
    super();
  }

  protected async handle(): Promise<DevSignInPerson[]> {
    requireDevSignIn(this.config);
    const people = await this.staff.listActive();
    return people
      .map((p) => ({
        staffId: p.staffId,
        name: p.name,
        username: p.username,
        isAdmin: p.isAdmin,
        isAuditor: p.isAuditor === true,
        userType: p.userType,
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.staffId - b.staffId);
  }
}
