import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import type { LeaveChange, LeaveDetails } from '@portal/contracts';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import { deriveEventId } from '../../../platform/event-store/command-context';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { leaveDecider, leaveStreamId, type LeaveCommand } from '../domain/leave-book';
import { LeaveReadModel } from '../queries/leave-read-model';

/** What a leave command answers: the leave, and where its event landed (null: nothing changed). */
export interface LeaveOutcome {
  readonly leaveId: string;
  readonly position: LogPosition | null;
}

/** POST /api/leave: the person asks for leave (LeaveRequested). */
export class RequestLeaveCommand extends PortalCommand<LeaveOutcome> {
  constructor(
    caller: Caller,
    readonly details: LeaveDetails,
  ) {
    super(caller);
  }
}

/** PUT /api/leave/:id: the whole form and the version seen; records only what changed (LeaveChanged). */
export class ChangeLeaveCommand extends PortalCommand<LeaveOutcome> {
  constructor(
    caller: Caller,
    readonly leaveId: string,
    readonly change: LeaveChange,
  ) {
    super(caller);
  }
}

/** DELETE /api/leave/:id: the person takes the leave back (LeaveRemoved); the log keeps it. */
export class RemoveLeaveCommand extends PortalCommand<LeaveOutcome> {
  constructor(
    caller: Caller,
    readonly leaveId: string,
  ) {
    super(caller);
  }
}

/** The shell the leave commands share: decide on the stream of the person the leave belongs to. */
// Injectable so its constructor's parameter types are recorded; the handlers inherit them.
@Injectable()
abstract class LeaveCommandHandler<C extends PortalCommand<LeaveOutcome>> extends PortalCommandHandler<C> {
  constructor(
    protected readonly store: EventStore,
    protected readonly leave: LeaveReadModel,
  ) {
    super();
  }

  protected async decide(command: LeaveCommand, caller: Caller): Promise<LeaveOutcome> {
    const stream = leaveStreamId(command.employeeId);
    const outcome = await runCommand(this.store, stream, leaveDecider, command, caller.context);
    return { leaveId: command.leaveId, position: outcome.position };
  }

  /**
   * The stream a change of `leaveId` is decided on: the caller's own (a person changes only their
   * own leave), so a leave just requested is found there even before the read model shows it
   * (read-your-writes); one the read model knows as someone else's is 403 first. Unknown: the
   * decider answers 404.
   */
  protected async ownStream(caller: Caller, leaveId: string): Promise<number> {
    await this.leave.refuseSomeoneElses(caller.principal, leaveId);
    return caller.principal.staffId;
  }
}

@CommandHandler(RequestLeaveCommand)
export class RequestLeaveHandler extends LeaveCommandHandler<RequestLeaveCommand> {
  protected handle({ caller, details }: RequestLeaveCommand): Promise<LeaveOutcome> {
    const person = caller.principal.staffId;
    // Derived from the command id: a retried request finds its leave already recorded.
    const leaveId = deriveEventId(caller.context.commandId, 'leave', 0);
    return this.decide(
      { type: 'RequestLeave', leaveId, details, employeeId: person, requestedBy: person },
      caller,
    );
  }
}

@CommandHandler(ChangeLeaveCommand)
export class ChangeLeaveHandler extends LeaveCommandHandler<ChangeLeaveCommand> {
  protected async handle({ caller, leaveId, change }: ChangeLeaveCommand): Promise<LeaveOutcome> {
    const employeeId = await this.ownStream(caller, leaveId);
    const { version: expectedVersion, ...details } = change;
    const requestedBy = caller.principal.staffId;
    return this.decide(
      { type: 'ChangeLeave', leaveId, details, expectedVersion, employeeId, requestedBy },
      caller,
    );
  }
}

@CommandHandler(RemoveLeaveCommand)
export class RemoveLeaveHandler extends LeaveCommandHandler<RemoveLeaveCommand> {
  protected async handle({ caller, leaveId }: RemoveLeaveCommand): Promise<LeaveOutcome> {
    const employeeId = await this.ownStream(caller, leaveId);
    return this.decide(
      { type: 'RemoveLeave', leaveId, employeeId, requestedBy: caller.principal.staffId },
      caller,
    );
  }
}
