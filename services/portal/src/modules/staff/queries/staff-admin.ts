import { QueryHandler } from '@nestjs/cqrs';
import {
  ONBOARDING_FLAGS,
  STAFF_PLAIN_FIELDS,
  STAFF_SENSITIVE_FIELDS,
  staffAdminMessages,
  type OnboardingChecklist,
  type StaffAdminDetail,
  type StaffAdminRow,
  type StaffListQuery,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { ProjectDirectory } from '../../catalog';
import { staffStreamId } from '../domain/staff-member';
import { staffTables } from '../projections/staff-tables';
import { maskedValuesOf, plainValuesOf } from './profile-values';

/** GET /api/admin/staff: the Staff Review table, within the admin's owner scope. */
@Requires('admin')
export class ListStaffForAdmin extends PortalQuery<StaffAdminRow[]> {
  constructor(
    principal: Principal,
    readonly filter: StaffListQuery,
  ) {
    super(principal);
  }
}

/** GET /api/admin/staff/:id: one person for the profile form, sensitive fields masked. */
@Requires('admin')
export class GetStaffForAdmin extends PortalQuery<StaffAdminDetail> {
  constructor(
    principal: Principal,
    readonly staffId: number,
  ) {
    super(principal);
  }
}

@QueryHandler(ListStaffForAdmin)
export class ListStaffForAdminHandler extends PortalQueryHandler<ListStaffForAdmin> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly catalog: ProjectDirectory,
  ) {
    super();
  }

  protected async handle({ principal, filter }: ListStaffForAdmin): Promise<StaffAdminRow[]> {
    const scope = ownerScopeOf(principal!);
    let query = staffTables(this.db)
      .selectFrom('staff')
      .select([
        'staff_id',
        'name',
        'username',
        'owner_id',
        'is_admin',
        'is_active',
        'is_auditor',
        'onboarding_done',
        'code_of_conduct_acknowledged_at',
      ]);
    if (scope !== null) query = query.where('owner_id', '=', scope);
    if (filter.ownerId !== null) query = query.where('owner_id', '=', filter.ownerId);
    if (filter.active !== null) query = query.where('is_active', '=', filter.active);
    const [rows, owners] = await Promise.all([
      query.orderBy('name').orderBy('staff_id').execute(),
      this.catalog.listOwners(scope),
    ]);
    const ownerNames = new Map(owners.map((o) => [o.ownerId, o.name]));
    return rows.map((r) => ({
      staffId: r.staff_id,
      name: r.name,
      email: r.username,
      ownerId: r.owner_id,
      ownerName: ownerNames.get(r.owner_id) ?? `Owner ${r.owner_id}`,
      isAdmin: r.is_admin,
      isActive: r.is_active,
      isAuditor: r.is_auditor,
      onboardingDone: r.onboarding_done,
      codeOfConductAcknowledgedAt: r.code_of_conduct_acknowledged_at,
    }));
  }
}

@QueryHandler(GetStaffForAdmin)
export class GetStaffForAdminHandler extends PortalQueryHandler<GetStaffForAdmin> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly cipher: PersonalDataCipher,
  ) {
    super();
  }

  protected async handle({ principal, staffId }: GetStaffForAdmin): Promise<StaffAdminDetail> {
    const scope = ownerScopeOf(principal!);
    let query = staffTables(this.db).selectFrom('staff').selectAll().where('staff_id', '=', staffId);
    // Outside a sightstream admin's scope is "not found", as for the commands.
    if (scope !== null) query = query.where('owner_id', '=', scope);
    const row = await query.executeTakeFirst();
    if (!row) throw DomainError.notFound(staffAdminMessages.notFound(staffId));
    const person = await this.cipher.session(staffStreamId(staffId), false);
    return {
      staffId: row.staff_id,
      email: row.username,
      ownerId: row.owner_id,
      name: row.name,
      firstName: row.first_name,
      middleName: row.middle_name,
      lastName: row.last_name,
      startDate: row.start_date,
      isAdmin: row.is_admin,
      isActive: row.is_active,
      needReceipt: row.need_receipt,
      canEditRoster: row.can_edit_roster,
      isAuditor: row.is_auditor,
      profile: plainValuesOf(STAFF_PLAIN_FIELDS, row, person),
      sensitive: maskedValuesOf(STAFF_SENSITIVE_FIELDS, row, person),
      checklist: Object.fromEntries(
        ONBOARDING_FLAGS.map((flag) => [flag, row.checklist[flag] === true]),
      ) as unknown as OnboardingChecklist,
      personalDataErased: row.personal_data_erased,
    };
  }
}
