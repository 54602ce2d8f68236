import { type BusinessDate, businessDateOf } from '@portal/contracts';

/** Today as the business day: the UTC calendar day, the same one the server's rules use. */
export function businessToday(): BusinessDate {
  return businessDateOf(new Date());
}
