import { Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import type { Principal } from '../../../platform/auth/principal';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { staffTables, type StaffTable } from '../projections/staff-tables';

export interface AdminContact {
  readonly staffId: number;
  readonly name: string;
  readonly username: string;
}

export interface StaffSummary {
  readonly staffId: number;
  readonly name: string;
  readonly username: string;
  readonly ownerId: number;
  readonly userType: 'default' | 'sightstream';
  readonly isAdmin: boolean;
  readonly isActive: boolean;
  readonly needReceipt: boolean;
  readonly canEditRoster: boolean;
}

/** The staff context's exported queries; other contexts inject this token. */
export abstract class StaffQueries {
  /** Active admins of one owner, by name: who gets mail about that owner's people. */
  abstract listAdmins(ownerId: number): Promise<AdminContact[]>;
  /**
   * Whether the owner has an admin at all, active or deactivated (PORTAL_BOOTSTRAP_ADMINS is
   * honoured only while it has none).
   */
  abstract hasAnyAdmin(ownerId: number): Promise<boolean>;
  /** Anyone, active or not (for names on old entries). */
  abstract get(staffId: number): Promise<StaffSummary | null>;
  /** The people a viewer may see, by name: a sightstream viewer sees only owner-2 people. */
  abstract listVisibleTo(viewer: Pick<Principal, 'userType'>): Promise<StaffSummary[]>;
  /**
   * May the viewer act on this person's records (lock check, receipts, exports)? Themselves always;
   * otherwise only an admin or an auditor (who reads only: the bus refuses their commands), and a
   * sightstream one only for owner-2 people (unknown ids: no).
   */
  abstract canSee(
    viewer: Pick<Principal, 'staffId' | 'isAdmin' | 'userType' | 'isAuditor'>,
    employeeId: number,
  ): Promise<boolean>;
}

function toSummary(row: Selectable<StaffTable>): StaffSummary {
  return {
    staffId: row.staff_id,
    name: row.name,
    username: row.username,
    ownerId: row.owner_id,
    userType: row.user_type,
    isAdmin: row.is_admin,
    isActive: row.is_active,
    needReceipt: row.need_receipt,
    canEditRoster: row.can_edit_roster,
  };
}

@Injectable()
export class ReadModelStaffQueries extends StaffQueries {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  private staff() {
    return staffTables(this.db).selectFrom('staff').selectAll();
  }

  async listAdmins(ownerId: number): Promise<AdminContact[]> {
    const rows = await this.staff()
      .where('owner_id', '=', ownerId)
      .where('is_admin', '=', true)
      .where('is_active', '=', true)
      .orderBy('name')
      .execute();
    return rows.map((r) => ({ staffId: r.staff_id, name: r.name, username: r.username }));
  }

  async hasAnyAdmin(ownerId: number): Promise<boolean> {
    const row = await this.staff()
      .where('owner_id', '=', ownerId)
      .where('is_admin', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  async get(staffId: number): Promise<StaffSummary | null> {
    const row = await this.staff().where('staff_id', '=', staffId).executeTakeFirst();
    return row ? toSummary(row) : null;
  }

  async listVisibleTo(viewer: Pick<Principal, 'userType'>): Promise<StaffSummary[]> {
    const scope = ownerScopeOf(viewer);
    let query = this.staff();
    if (scope !== null) query = query.where('owner_id', '=', scope);
    const rows = await query.orderBy('name').orderBy('staff_id').execute();
    return rows.map(toSummary);
  }

  async canSee(
    viewer: Pick<Principal, 'staffId' | 'isAdmin' | 'userType' | 'isAuditor'>,
    employeeId: number,
  ): Promise<boolean> {
    if (employeeId === viewer.staffId) return true;
    if (!viewer.isAdmin && viewer.isAuditor !== true) return false;
    const scope = ownerScopeOf(viewer);
    if (scope === null) return true;
    const row = await this.staff()
      .where('staff_id', '=', employeeId)
      .where('owner_id', '=', scope)
      .executeTakeFirst();
    return row !== undefined;
  }
}
