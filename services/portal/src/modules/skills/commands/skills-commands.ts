import { CommandHandler } from '@nestjs/cqrs';
import type { SkillChangeAnswer, SkillCode } from '@portal/contracts';
import { PortalCommand, type Caller } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { EventStoreCommandHandler } from '../../../platform/event-store/event-store-command-handler';
import { skillsDecider, skillsStreamId, type SkillsCommand } from '../domain/skills-book';

/**
 * What assessing or removing a skill answers, the contracts' SkillChangeAnswer: where the event
 * landed (null: nothing changed), a LogPosition here that goes out as text (see
 * ReadYourWritesInterceptor).
 */
export type SkillOutcome = Omit<SkillChangeAnswer, 'position'> & {
  readonly position: LogPosition | null;
};

/** PUT /api/me/skills: the signed-in person rates themselves on one skill (SkillAssessed). */
export class AssessSkillCommand extends PortalCommand<SkillOutcome> {
  constructor(
    caller: Caller,
    readonly skill: SkillCode,
    readonly level: number,
  ) {
    super(caller);
  }
}

/** DELETE /api/me/skills/:skill: the person takes a skill off (SkillRemoved). */
export class RemoveSkillCommand extends PortalCommand<SkillOutcome> {
  constructor(
    caller: Caller,
    readonly skill: SkillCode,
  ) {
    super(caller);
  }
}

async function decide(store: EventStore, command: SkillsCommand, caller: Caller): Promise<SkillOutcome> {
  const outcome = await runCommand(
    store,
    skillsStreamId(command.staffId),
    skillsDecider,
    command,
    caller.context,
  );
  return { position: outcome.position };
}

/** Always the caller's own stream: nobody rates someone else. */
@CommandHandler(AssessSkillCommand)
export class AssessSkillHandler extends EventStoreCommandHandler<AssessSkillCommand> {
  protected handle({ caller, skill, level }: AssessSkillCommand): Promise<SkillOutcome> {
    return decide(
      this.store,
      { type: 'AssessSkill', staffId: caller.principal.staffId, skill, level },
      caller,
    );
  }
}

@CommandHandler(RemoveSkillCommand)
export class RemoveSkillHandler extends EventStoreCommandHandler<RemoveSkillCommand> {
  protected handle({ caller, skill }: RemoveSkillCommand): Promise<SkillOutcome> {
    return decide(this.store, { type: 'RemoveSkill', staffId: caller.principal.staffId, skill }, caller);
  }
}
