import { Inject, Injectable } from '@nestjs/common';
import { businessDateIn, type BusinessDate } from '@portal/contracts';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
import { Clock } from '../../../platform/clock/clock';
import type { PortalConfig } from '../../../platform/config/config';
import { PORTAL_CONFIG } from '../../../platform/config/config.provider';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { catalogTables } from '../projections/catalog-tables';

/**
 * The business calendar of every owner, from the catalog's owners table (`time_zone`, set by
 * OwnerTimeZoneSet) and PORTAL_TIME_ZONE for an owner that set none. Read on every call, so a
 * changed zone holds from the next request on.
 */
@Injectable()
export class OwnerBusinessCalendar extends BusinessCalendar {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly clock: Clock,
    @Inject(PORTAL_CONFIG) private readonly config: PortalConfig,
  ) {
    super();
  }

  /** The zone an owner without a setting of its own follows. */
  get defaultZone(): string {
    return this.config.timeZone;
  }

  /** The owner's own zone; null when it set none (or is unknown). */
  async ownZoneOf(ownerId: number): Promise<string | null> {
    const row = await catalogTables(this.db)
      .selectFrom('owners')
      .select('time_zone')
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return row?.time_zone ?? null;
  }

  async zoneOf(ownerId: number): Promise<string> {
    return (await this.ownZoneOf(ownerId)) ?? this.config.timeZone;
  }

  async today(ownerId: number): Promise<BusinessDate> {
    const now = this.clock.now();
    return businessDateIn(now, await this.zoneOf(ownerId));
  }
}
