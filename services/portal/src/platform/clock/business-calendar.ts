import {
  businessDateIn,
  DEFAULT_TIME_ZONE,
  SECOND_ORGANISATION_OWNER_ID,
  type BusinessDate,
} from '@portal/contracts';
import type { Clock } from './clock';

/** The firm (Smartwork): owner of everyone not of the second organisation. */
export const FIRST_OWNER_ID = 1;

/**
 * Each owner's business calendar (issue 25): the owner's time zone (its own setting, else
 * PORTAL_TIME_ZONE) and the business dates of instants in it. Every rule and query that needs
 * "today" asks here, never the UTC day. Implemented by the catalog context, which keeps the
 * owners and their settings.
 */
export abstract class BusinessCalendar {
  /** The owner's IANA zone. */
  abstract zoneOf(ownerId: number): Promise<string>;

  /** Today (the injected Clock's instant) in the owner's zone. */
  abstract today(ownerId: number): Promise<BusinessDate>;

  /** The business date an instant falls on in the owner's zone (a command's `context.now`). */
  async dateOf(instant: Date, ownerId: number): Promise<BusinessDate> {
    return businessDateIn(instant, await this.zoneOf(ownerId));
  }

  /** Today for a person: in their owner's zone. */
  todayFor(person: PersonOfOwner): Promise<BusinessDate> {
    return this.today(ownerOfPerson(person));
  }

  /** The business date of an instant for a person: in their owner's zone. */
  dateFor(instant: Date, person: PersonOfOwner): Promise<BusinessDate> {
    return this.dateOf(instant, ownerOfPerson(person));
  }
}

/** What tells a person's owner: the staff record's owner, or the type it implies. */
export interface PersonOfOwner {
  readonly ownerId?: number | undefined;
  readonly userType: 'default' | 'sightstream';
}

/**
 * The owner a person's business dates follow: their staff record's owner when known, else the one
 * their type implies (a sightstream person belongs to owner 2, anyone else to the firm).
 */
export function ownerOfPerson(person: PersonOfOwner): number {
  if (person.ownerId !== undefined) return person.ownerId;
  return person.userType === 'sightstream' ? SECOND_ORGANISATION_OWNER_ID : FIRST_OWNER_ID;
}

/** Every owner in one zone: for the bench and tools that run a handler without the catalog. */
export class OneZoneCalendar extends BusinessCalendar {
  constructor(
    private readonly clock: Clock,
    private readonly zone: string = DEFAULT_TIME_ZONE,
  ) {
    super();
  }

  zoneOf(): Promise<string> {
    return Promise.resolve(this.zone);
  }

  today(): Promise<BusinessDate> {
    return Promise.resolve(businessDateIn(this.clock.now(), this.zone));
  }
}
