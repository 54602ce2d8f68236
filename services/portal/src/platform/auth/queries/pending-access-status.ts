import type { PendingAccessResponse } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import type { PortalConfig } from '../../config/config';
import { InjectConfig } from '../../config/config.provider';
import { PortalQuery, PortalQueryHandler, Requires } from '../../cqrs';
import type { PendingAccess } from '../newcomers';

/**
 * GET /api/me of someone awaiting access (issue 25): their first sign-in and whom to write to. No
 * staff member asks it, so it has no principal; the guard let only such a person through.
 */
@Requires('public')
export class PendingAccessStatus extends PortalQuery<PendingAccessResponse> {
  constructor(readonly pending: PendingAccess) {
    super(null);
  }
}

@QueryHandler(PendingAccessStatus)
export class PendingAccessStatusHandler extends PortalQueryHandler<PendingAccessStatus> {
  constructor(@InjectConfig() private readonly config: PortalConfig) {
    super();
  }

  protected async handle({ pending }: PendingAccessStatus): Promise<PendingAccessResponse> {
    return {
      access: 'pending',
      username: pending.username,
      name: pending.name,
      firstSignInAt: pending.firstSignInAt,
      contactEmail: this.config.supportEmail,
    };
  }
}
