import type { LogVerification } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { DomainError } from '../../../kernel/domain-error';
import { verifyEventChains } from '../../../platform/event-store/chain-verifier';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { PostgresEventStore } from '../../../platform/event-store/postgres-event-store';
import { VERIFY_LOG_PERMISSION } from '../access';

/** Checks every stream's hash chain in the PostgreSQL log and names the first broken link. */
@Requires(VERIFY_LOG_PERMISSION)
export class VerifyEventLog extends PortalQuery<LogVerification> {}

@QueryHandler(VerifyEventLog)
export class VerifyEventLogHandler extends PortalQueryHandler<VerifyEventLog> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly store: EventStore,
  ) {
    super();
  }

  protected async handle(): Promise<LogVerification> {
    // The chain is the PostgreSQL log's (docs/decisions.md "Hash chain: PostgreSQL only").
    if (!(this.store instanceof PostgresEventStore)) {
      throw DomainError.conflict(
        'The hash chain is kept by the PostgreSQL event log only; this portal uses EventStoreDB.',
      );
    }
    return verifyEventChains(this.db);
  }
}
