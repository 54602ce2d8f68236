import { holidayCalendar, type HolidayCalendar } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { Clock } from '../../../platform/clock/clock';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';

/** US and Canadian holidays of `year` (null: the current year), computed by rule; no sign-in needed. */
@Requires('public')
export class ListHolidays extends PortalQuery<HolidayCalendar> {
  constructor(readonly year: number | null) {
    super(null);
  }
}

@QueryHandler(ListHolidays)
export class ListHolidaysHandler extends PortalQueryHandler<ListHolidays> {
  constructor(private readonly clock: Clock) {
    super();
  }

  protected async handle(query: ListHolidays): Promise<HolidayCalendar> {
    return holidayCalendar(query.year ?? this.clock.now().getUTCFullYear());
  }
}
