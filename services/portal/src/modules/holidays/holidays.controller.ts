import { holidaysQuerySchema, type HolidayCalendar } from '@portal/contracts';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { Public } from '../../platform/auth/decorators';
import { parseQuery } from '../../platform/http/validation';
import { ListHolidays } from './queries/list-holidays';

@Controller('holidays')
export class HolidaysController {
  constructor(private readonly queries: QueryBus) {}

  @Public()
  @Get()
  list(@Query() query: unknown): Promise<HolidayCalendar> {
    const { year } = parseQuery(holidaysQuerySchema, query);
    return this.queries.execute(new ListHolidays(year ?? null));
  }
}
