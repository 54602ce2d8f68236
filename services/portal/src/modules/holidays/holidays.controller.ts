import { holidayCalendar, holidaysQuerySchema, type HolidayCalendar } from '@portal/contracts';
import { Controller, Get, Query } from '@nestjs/common';
import { Public } from '../../platform/auth/decorators';
import { Clock } from '../../platform/clock/clock';
import { parseQuery } from '../../platform/http/validation';

@Controller('holidays')
export class HolidaysController {
  constructor(private readonly clock: Clock) {}

  /** US and Canadian holidays of `year` (default: the current year), computed by rule. */
  @Public()
  @Get()
  list(@Query() query: unknown): HolidayCalendar {
    const { year } = parseQuery(holidaysQuerySchema, query);
    return holidayCalendar(year ?? this.clock.now().getUTCFullYear());
  }
}
