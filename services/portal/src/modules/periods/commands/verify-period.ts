import { CommandHandler } from '@nestjs/cqrs';
import type { VerifiedKind } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { LedgerAccess } from './ledger-access';
import { LedgerRunner } from './ledger-runner';
import { verificationPart } from '../domain/verify-period';

/**
 * The person submits a project and month of their ledger for verification: PeriodVerified, and
 * from then on the ledger refuses their changes to that project and month ('{project} is not
 * editable'). They must be on the project's roster; a project outside their scope is unknown.
 */
export class VerifyPeriod extends PortalCommand<{ position: LogPosition | null }> {
  constructor(
    caller: Caller,
    readonly month: string,
    readonly projectId: number,
    /** Whose ledger: the caller's own unless the portal itself (the demo seed) sends it. */
    readonly employeeId: number = caller.principal.staffId,
    /** 'timesheets' or 'expenses'; undefined verifies both. */
    readonly what?: VerifiedKind,
  ) {
    super(caller);
  }
}

@CommandHandler(VerifyPeriod)
export class VerifyPeriodHandler extends PortalCommandHandler<VerifyPeriod> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly ledger: LedgerRunner,
  ) {
    super();
  }

  protected async handle(command: VerifyPeriod): Promise<{ position: LogPosition | null }> {
    const person = await this.access.ledgerOf(command.caller, command.employeeId);
    DomainError.throwIfAny((await this.access.billableProject(person, command.projectId)).problems);
    const { month, projectId } = command;
    const outcome = await this.ledger.run(
      person.staffId,
      month,
      verificationPart,
      {
        type: 'VerifyPeriod',
        data: {
          employeeId: person.staffId,
          projectId,
          month,
          ...(command.what ? { what: command.what } : {}),
        },
      },
      command.caller.context,
    );
    return { position: outcome.position };
  }
}
