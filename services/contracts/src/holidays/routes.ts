import { anyone, json, type RouteGroup } from '../kernel/api-routes';
import { holidaysQuerySchema, type HolidayCalendar } from '../holidays';

/** The holidays routes, as the API serves them (see kernel/api-routes.ts). */
export const holidaysRoutes = {
  tag: 'holidays',
  description: 'Public holidays. docs/api.md, Sign-in, platform answers and holidays.',
  routes: [
    anyone('GET /holidays', json<HolidayCalendar>('HolidayCalendar'), {
      summary: 'The holidays of a year',
      query: holidaysQuerySchema,
    }), // modules/holidays/holidays.controller.ts#list
  ],
} satisfies RouteGroup;
