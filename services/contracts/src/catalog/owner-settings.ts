/**
 * An owner's own settings (issue 25): its time zone, which every business date of its people
 * follows (kernel/time-zones.ts). `PUT /api/admin/owners/{id}/time-zone` sets it.
 */
import { z } from 'zod';
import { anyValue, documented, isBlank, refuse, requestObject } from '../kernel/fields';
import { pathIdField } from '../kernel/ids';
import { isTimeZone } from '../kernel/time-zones';

export const ownerSettingsMessages = {
  ownerNotFound: (ownerId: number | string) => `Owner ${ownerId} does not exist.`,
  timeZoneRequired: 'Time Zone must have a value',
  timeZoneUnknown: 'Time Zone must be an IANA time zone such as America/Edmonton',
  otherOwner: 'You may only change the settings of your own organisation.',
  timeZoneSaved: (timeZone: string) => `The time zone is now ${timeZone}.`,
} as const;

/** `OwnerTimeZoneSet` (stream `owner-{ownerId}`): the zone before (null: none set, the default) and after. */
export interface OwnerTimeZoneSet {
  readonly ownerId: number;
  readonly before: { readonly timeZone: string | null };
  readonly after: { readonly timeZone: string };
}

export const ownerIdParamSchema = requestObject({
  id: pathIdField((text) => ownerSettingsMessages.ownerNotFound(text)),
});

const timeZoneField = documented(
  anyValue().transform((value, ctx): string => {
    if (isBlank(value)) return refuse(ctx, ownerSettingsMessages.timeZoneRequired);
    if (typeof value !== 'string' || !isTimeZone(value.trim()))
      return refuse(ctx, ownerSettingsMessages.timeZoneUnknown);
    return value.trim();
  }),
  { type: 'string', required: true, examples: ['America/Edmonton'] },
);

/** PUT /api/admin/owners/{id}/time-zone */
export const ownerTimeZoneRequestSchema = requestObject({ timeZone: timeZoneField });
export type OwnerTimeZoneRequest = z.output<typeof ownerTimeZoneRequestSchema>;

export interface OwnerTimeZoneSaved {
  readonly ownerId: number;
  readonly timeZone: string;
  /** Null when the zone was already that one (nothing recorded). */
  readonly position: string | null;
}
