import { CommandHandler } from '@nestjs/cqrs';
import { ERASED, type StaffRevealResponse, type StaffSensitiveField } from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import type { RevealSensitiveField } from '../domain/staff-changes';
import { staffDecider, staffStreamId } from '../domain/staff-member';
import { actorOf } from './update-staff-member';

/**
 * POST /api/admin/staff/:id/reveal: an admin reads one sensitive field in the clear. A command,
 * because the reveal is recorded (SensitiveFieldRevealed, the admin as actor) before it answers.
 */
@Requires('admin')
export class RevealSensitiveFieldCommand extends PortalCommand<StaffRevealResponse> {
  constructor(
    caller: Caller,
    readonly staffId: number,
    readonly field: StaffSensitiveField,
  ) {
    super(caller);
  }
}

@CommandHandler(RevealSensitiveFieldCommand)
export class RevealSensitiveFieldHandler extends PortalCommandHandler<RevealSensitiveFieldCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly cipher: PersonalDataCipher,
  ) {
    super();
  }

  protected handle({ caller, staffId, field }: RevealSensitiveFieldCommand): Promise<StaffRevealResponse> {
    return revealField(this.store, this.cipher, caller, { staffId, actor: actorOf(caller), field });
  }
}

/**
 * Records the reveal on the person's stream (SensitiveFieldRevealed, the caller as actor), then
 * opens the value with the person's key: an admin's reveal and a person's reveal of their own.
 */
export async function revealField(
  store: EventStore,
  cipher: PersonalDataCipher,
  caller: Caller,
  data: RevealSensitiveField['data'],
): Promise<StaffRevealResponse> {
  const command: RevealSensitiveField = { type: 'RevealSensitiveField', data };
  const stream = staffStreamId(data.staffId);
  const outcome = await runCommand(store, stream, staffDecider, command, caller.context);
  if (!outcome.state.registered) return { field: data.field, value: null };
  if (outcome.state.erased) return { field: data.field, value: ERASED };
  const person = await cipher.session(stream, false);
  return { field: data.field, value: person.open(outcome.state.profile[data.field]) };
}
