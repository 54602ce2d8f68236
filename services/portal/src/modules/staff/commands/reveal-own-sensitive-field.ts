import { CommandHandler } from '@nestjs/cqrs';
import type { ProfileSensitiveField, StaffRevealResponse } from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { revealField } from './reveal-sensitive-field';

/**
 * POST /api/me/profile/reveal: a person reads one sensitive field of their own profile in the
 * clear. Recorded as the admin's reveal is (SensitiveFieldRevealed, the person as actor), so the
 * history shows every time a value was shown, whoever asked.
 */
export class RevealOwnSensitiveFieldCommand extends PortalCommand<StaffRevealResponse> {
  constructor(
    caller: Caller,
    readonly field: ProfileSensitiveField,
  ) {
    super(caller);
  }
}

@CommandHandler(RevealOwnSensitiveFieldCommand)
export class RevealOwnSensitiveFieldHandler extends PortalCommandHandler<RevealOwnSensitiveFieldCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly cipher: PersonalDataCipher,
  ) {
    super();
  }

  protected handle({ caller, field }: RevealOwnSensitiveFieldCommand): Promise<StaffRevealResponse> {
    const staffId = caller.principal.staffId;
    // Their own record: no owner scope applies.
    return revealField(this.store, this.cipher, caller, {
      staffId,
      actor: { staffId, ownerScope: null },
      field,
    });
  }
}
