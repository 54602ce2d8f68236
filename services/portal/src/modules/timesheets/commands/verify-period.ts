import { Injectable } from '@nestjs/common';
import type { Principal } from '../../../platform/auth/principal';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { DomainError } from '../../../kernel/domain-error';
import { timesheetMessages as msg } from '@portal/contracts';
import { ProjectDirectory } from '../../catalog/queries/project-directory';
import { runLedgerCommand } from './run-ledger-command';

/**
 * The person submits a project and month for verification: the ledger records PeriodVerified and
 * from then on refuses their changes to that project and month ('{project} is not editable').
 */
@Injectable()
export class VerifyPeriodHandler {
  constructor(
    private readonly store: EventStore,
    private readonly projects: ProjectDirectory,
  ) {}

  async execute(
    person: Principal,
    month: string,
    projectId: number,
    context: CommandContext,
  ): Promise<{ position: LogPosition | null }> {
    if (!(await this.projects.get(projectId))) {
      throw DomainError.validation([{ path: 'projectId', message: msg.unknownProject(projectId) }]);
    }
    return this.record(person.staffId, month, projectId, context);
  }

  /** Records the verification of a known project (the demo seed calls this directly). */
  async record(
    employeeId: number,
    month: string,
    projectId: number,
    context: CommandContext,
  ): Promise<{ position: LogPosition | null }> {
    const outcome = await runLedgerCommand(
      this.store,
      employeeId,
      month,
      { type: 'VerifyPeriod', data: { employeeId, projectId, month } },
      context,
    );
    return { position: outcome.position };
  }
}
