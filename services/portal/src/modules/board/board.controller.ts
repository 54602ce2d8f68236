import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PeriodBoard } from '@portal/contracts';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { GetPeriodBoard } from './queries/period-board';

@Controller('periods')
export class BoardController {
  constructor(private readonly queries: QueryBus) {}

  /** GET /api/periods/board: an admin's people in scope, or the person's own periods and tasks. */
  @Get('board')
  board(@CurrentCaller() caller: Caller): Promise<PeriodBoard> {
    return this.queries.execute(new GetPeriodBoard(caller.principal));
  }
}
