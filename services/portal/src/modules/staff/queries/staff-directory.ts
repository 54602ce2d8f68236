import { Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { StaffDirectory, type Principal } from '../../../platform/auth/principal';
import { staffTables, type StaffTable } from '../projections/staff-tables';

function toPrincipal(row: Selectable<StaffTable>): Principal {
  return {
    staffId: row.staff_id,
    name: row.name,
    username: row.username,
    isAdmin: row.is_admin,
    userType: row.user_type,
    canEditRoster: row.can_edit_roster,
    needReceipt: row.need_receipt,
    isAuditor: row.is_auditor,
    ownerId: row.owner_id,
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
    return staffTables(this.db).selectFrom('staff').selectAll().where('is_active', '=', true);
  }

  async findByUsername(username: string): Promise<Principal | null> {
    const row = await this.active().where('username', '=', username.trim().toLowerCase()).executeTakeFirst();
    return row ? toPrincipal(row) : null;
  }

  async findById(staffId: number): Promise<Principal | null> {
    const row = await this.active().where('staff_id', '=', staffId).executeTakeFirst();
    return row ? toPrincipal(row) : null;
  }

  async listActive(): Promise<Principal[]> {
    const rows = await this.active().orderBy('name').orderBy('staff_id').execute();
    return rows.map(toPrincipal);
  }

  async isRegistered(username: string): Promise<boolean> {
    const row = await staffTables(this.db)
      .selectFrom('staff')
      .select('staff_id')
      .where('username', '=', username.trim().toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }
}
