import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { MonthAtAGlance } from '@portal/contracts';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { GetMonthAtAGlance } from './queries/month-at-a-glance';

@Controller('me')
export class MeMonthController {
  constructor(private readonly queries: QueryBus) {}

  /** GET /api/me/month: the signed-in person's month at a glance (their own, whoever asks). */
  @Get('month')
  month(@CurrentCaller() caller: Caller): Promise<MonthAtAGlance> {
    return this.queries.execute(new GetMonthAtAGlance(caller.principal));
  }
}
