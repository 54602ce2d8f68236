import { CommandHandler } from '@nestjs/cqrs';
import type { CodeOfConductStatus } from '@portal/contracts';
import { PortalCommand } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { staffDecider, staffStreamId } from '../domain/staff-member';

/** What an acknowledgement answers: the recorded one, and where its event landed (null: already). */
export interface CodeOfConductOutcome extends CodeOfConductStatus {
  readonly position: LogPosition | null;
}

/**
 * POST /api/me/code-of-conduct: the signed-in person acknowledges the code of conduct for
 * themselves (the route names nobody else; the stream is always the caller's own).
 */
export class AcknowledgeCodeOfConductCommand extends PortalCommand<CodeOfConductOutcome> {}

@CommandHandler(AcknowledgeCodeOfConductCommand)
export class AcknowledgeCodeOfConductHandler extends EventStoreCommandHandler<AcknowledgeCodeOfConductCommand> {
  protected async handle({ caller }: AcknowledgeCodeOfConductCommand): Promise<CodeOfConductOutcome> {
    const staffId = caller.principal.staffId;
    const outcome = await runCommand(
      this.store,
      staffStreamId(staffId),
      staffDecider,
      { type: 'AcknowledgeCodeOfConduct', data: { staffId, now: caller.context.now } },
      caller.context,
    );
    const person = outcome.state;
    return {
      name: person.registered ? person.profile.name : caller.principal.name,
      acknowledgedAt: person.registered ? person.codeOfConductAcknowledgedAt : null,
      position: outcome.position,
    };
  }
}
