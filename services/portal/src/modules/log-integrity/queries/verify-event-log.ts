import type { LogVerification } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { VERIFY_LOG_PERMISSION } from './verify-log-access';

/**
 * Checks every stream's hash chain in the configured event log (PostgreSQL or EventStoreDB) and
 * names the first broken link.
 */
@Requires(VERIFY_LOG_PERMISSION)
export class VerifyEventLog extends PortalQuery<LogVerification> {}

@QueryHandler(VerifyEventLog)
export class VerifyEventLogHandler extends PortalQueryHandler<VerifyEventLog> {
  constructor(private readonly store: EventStore) {
    super();
  }

  protected handle(): Promise<LogVerification> {
    return this.store.verifyChains();
  }
}
