import { z } from 'zod';
import { requestObject } from '../kernel/fields';
import { FIRST_HOLIDAY_YEAR, holidayMessages, LAST_HOLIDAY_YEAR } from './holidays';

// Apart from holidays.ts, so the web's home page computes holidays without downloading zod.

/** Query of `GET /api/holidays`; without a year the server answers the current year. */
export const holidaysQuerySchema = requestObject({
  year: z.coerce
    .number({ error: holidayMessages.yearOutOfRange })
    .int({ error: holidayMessages.yearOutOfRange })
    .min(FIRST_HOLIDAY_YEAR, { error: holidayMessages.yearOutOfRange })
    .max(LAST_HOLIDAY_YEAR, { error: holidayMessages.yearOutOfRange })
    .optional(),
});
export type HolidaysQuery = z.infer<typeof holidaysQuerySchema>;
