import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { approvePeriodSchema, returnPeriodSchema } from '@portal/contracts';
import { AdminOnly } from '../../platform/auth/decorators';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { parseBody } from '../../platform/http/validation';
import { ApprovePeriod, ReturnPeriod } from './commands/review-period';
import type { ReviewOutcome } from './commands/review-ledgers';

/**
 * The admin's review commands on a person's project over a period (issue 8). Both answer 200 with
 * the counts (ReviewCommandResponse); a non-admin gets 403, a person or project outside the
 * admin's scope the same answers as unknown ones. Approve selected expenses lives with the
 * expenses (it finds each expense's month); the admin edits with their rows' contexts.
 */
@Controller('admin/review')
@AdminOnly()
export class AdminReviewController {
  constructor(private readonly commands: CommandBus) {}

  @Post('approve')
  @HttpCode(200)
  approve(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ReviewOutcome> {
    return this.commands.execute(new ApprovePeriod(caller, parseBody(approvePeriodSchema, body)));
  }

  @Post('return')
  @HttpCode(200)
  giveBack(@CurrentCaller() caller: Caller, @Body() body: unknown): Promise<ReviewOutcome> {
    return this.commands.execute(new ReturnPeriod(caller, parseBody(returnPeriodSchema, body)));
  }
}
