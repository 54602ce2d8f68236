import { CommandHandler } from '@nestjs/cqrs';
import {
  endOfMonth,
  monthSpansOf,
  periodMatching,
  verifyRangeMessages,
  type BusinessDate,
  type LockSpan,
  type VerifiedKind,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalCommand, PortalCommandHandler, type Caller } from '../../../platform/cqrs';
import type { LogPosition } from '../../../platform/event-store/event-store.port';
import { LedgerAccess, type LedgerPerson } from './ledger-access';
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
    /** The days of the month a billing period holds; absent, the whole month. */
    readonly span?: LockSpan,
  ) {
    super(caller);
  }
}

/**
 * The person verifies one billing period of a project (its first and last days): a period of the
 * 'Fixed Offset (26 to 25)' cycle touches two months, so each month's ledger records
 * PeriodVerified for its share of the days. Each ledger's append is atomic; the second month's
 * failing after the first's succeeded leaves the first verified, which a retry completes (a
 * verification of days already locked records nothing).
 */
export class VerifyBillingPeriod extends PortalCommand<{ position: LogPosition | null }> {
  constructor(
    caller: Caller,
    readonly projectId: number,
    readonly start: BusinessDate,
    readonly end: BusinessDate,
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
    return this.verify(command, person);
  }

  /** Records the verification on the month's ledger (the person and project already checked). */
  async verify(command: VerifyPeriod, person: LedgerPerson): Promise<{ position: LogPosition | null }> {
    const { month, projectId, span } = command;
    const whole = !span || (span.from === `${month}-01` && span.through === endOfMonth(span.from));
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
          ...(whole ? {} : { from: span.from, through: span.through }),
        },
      },
      command.caller.context,
    );
    return { position: outcome.position };
  }
}

@CommandHandler(VerifyBillingPeriod)
export class VerifyBillingPeriodHandler extends PortalCommandHandler<VerifyBillingPeriod> {
  constructor(
    private readonly access: LedgerAccess,
    private readonly months: VerifyPeriodHandler,
  ) {
    super();
  }

  protected async handle(command: VerifyBillingPeriod): Promise<{ position: LogPosition | null }> {
    const person = await this.access.ledgerOf(command.caller, command.caller.principal.staffId);
    const { project, problems } = await this.access.billableProject(person, command.projectId);
    DomainError.throwIfAny(problems);
    const cycle = project!.billingCycle;
    if (!periodMatching(cycle, command.start, command.end)) {
      throw DomainError.validation([
        { path: 'start', message: verifyRangeMessages.notABillingPeriod(cycle) },
      ]);
    }
    let position: LogPosition | null = null;
    for (const { month, from, through } of monthSpansOf(command)) {
      const part = new VerifyPeriod(command.caller, month, command.projectId, person.staffId, command.what, {
        from,
        through,
      });
      position = (await this.months.verify(part, person)).position ?? position;
    }
    return { position };
  }
}
