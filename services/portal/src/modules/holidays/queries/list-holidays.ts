import { holidayCalendar, type HolidayCalendar } from '@portal/contracts';
import { QueryHandler } from '@nestjs/cqrs';
import { BusinessCalendar, FIRST_OWNER_ID } from '../../../platform/clock/business-calendar';
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
  constructor(private readonly calendar: BusinessCalendar) {
    super();
  }

  protected async handle(query: ListHolidays): Promise<HolidayCalendar> {
    // Anyone may ask (no sign-in): the current year is the firm's.
    const year = query.year ?? Number((await this.calendar.today(FIRST_OWNER_ID)).slice(0, 4));
    return holidayCalendar(year);
  }
}
