import { Injectable } from '@nestjs/common';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { StaffDirectory, type Principal } from '../../../platform/auth/principal';
import { readModel } from '../../../platform/projection/projection';
import { STAFF_READ_MODEL, type StaffRow } from '../projections/staff.projection';

export function toPrincipal(row: StaffRow): Principal {
  return {
    staffId: row.staff_id,
    name: row.name,
    username: row.username,
    isAdmin: row.is_admin,
    userType: row.user_type,
    canEditRoster: row.can_edit_roster,
    needReceipt: row.need_receipt,
  };
}

/**
 * The auth port over the staff read model. Only active people are known to sign-in: an inactive
 * person's token stops working and they leave the dev sign-in picker.
 */
@Injectable()
export class ReadModelStaffDirectory extends StaffDirectory {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  private active() {
    return readModel(this.db, STAFF_READ_MODEL).selectFrom('staff').selectAll().where('is_active', '=', true);
  }

  async findByUsername(username: string): Promise<Principal | null> {
    const row = (await this.active()
      .where('username', '=', username.trim().toLowerCase())
      .executeTakeFirst()) as StaffRow | undefined;
    return row ? toPrincipal(row) : null;
  }

  async findById(staffId: number): Promise<Principal | null> {
    const row = (await this.active().where('staff_id', '=', staffId).executeTakeFirst()) as
      StaffRow | undefined;
    return row ? toPrincipal(row) : null;
  }

  async listActive(): Promise<Principal[]> {
    const rows = (await this.active().orderBy('name').orderBy('staff_id').execute()) as StaffRow[];
    return rows.map(toPrincipal);
  }
}
