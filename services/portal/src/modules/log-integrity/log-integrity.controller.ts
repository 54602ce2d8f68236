import type { LogVerification } from '@portal/contracts';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentPrincipal } from '../../platform/auth/decorators';
import type { Principal } from '../../platform/auth/principal';
import { VerifyLogAccess } from './queries/verify-log-access';
import { VerifyEventLog } from './queries/verify-event-log';

/** GET /api/audit/verify: checks every hash chain of the event log (docs/api.md). */
@VerifyLogAccess()
@Controller('audit/verify')
export class LogIntegrityController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  verify(@CurrentPrincipal() principal: Principal): Promise<LogVerification> {
    return this.queries.execute(new VerifyEventLog(principal));
  }
}
