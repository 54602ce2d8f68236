import { Controller, Get, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { PeriodBoard } from '@portal/contracts';
import type { Request, Response } from 'express';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { sendKeptJson } from '../../platform/http/kept-json';
import { GetPeriodBoard } from './queries/period-board';

@Controller('periods')
export class BoardController {
  constructor(private readonly queries: QueryBus) {}

  /**
   * GET /api/periods/board: an admin's people in scope, or the person's own periods and tasks.
   * The answer is kept while the read models stand still, so it is sent as kept bytes
   * (serialised and compressed once: sendKeptJson).
   */
  @Get('board')
  async board(
    @CurrentCaller() caller: Caller,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const board = await this.queries.execute<GetPeriodBoard, PeriodBoard>(
      new GetPeriodBoard(caller.principal),
    );
    await sendKeptJson(request, response, board);
  }
}
