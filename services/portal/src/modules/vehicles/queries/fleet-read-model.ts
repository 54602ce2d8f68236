import { Injectable } from '@nestjs/common';
import {
  maskSensitive,
  needsRenewal,
  registrationStatus,
  vehicleMessages,
  type CodeListEntry,
  type VehicleCodeListId,
  type VehicleOptions,
  type VehicleView,
} from '@portal/contracts';
import type { Selectable } from 'kysely';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { ProjectDirectory } from '../../catalog';
import { StaffQueries } from '../../staff';
import { vehicleSubject } from '../domain/vehicle-fleet';
import { vehicleTables, type VehiclesTable } from '../projections/vehicle-tables';

/**
 * The fleet as a viewer may see it: every vehicle for a firm admin; for a sightstream admin only
 * vehicles whose project AND issued-to person are both owner 2 (any other is as if unknown). Project and people names come from the catalog's and the
 * staff's exported queries (names of closed projects and inactive people too: old vehicles
 * keep them).
 */
@Injectable()
export class FleetReadModel {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly projects: ProjectDirectory,
    private readonly staff: StaffQueries,
    private readonly calendar: BusinessCalendar,
    private readonly cipher: PersonalDataCipher,
  ) {}

  async list(viewer: Principal): Promise<VehicleView[]> {
    const scope = ownerScopeOf(viewer);
    const [projects, visiblePeople] = await Promise.all([
      this.projects.listAll(scope),
      this.staff.listVisibleTo(viewer),
    ]);
    if (projects.length === 0 || visiblePeople.length === 0) return [];
    let query = vehicleTables(this.db)
      .selectFrom('vehicles')
      .selectAll()
      .where(
        'project_id',
        'in',
        projects.map((p) => p.projectId),
      );
    if (scope !== null)
      query = query.where(
        'issued_to',
        'in',
        visiblePeople.map((p) => p.staffId),
      );
    const rows = await query.orderBy('vehicle_id').execute();
    const projectNames = new Map(projects.map((p) => [p.projectId, p.name]));
    const people = new Map(visiblePeople.map((p) => [p.staffId, p.name]));
    const today = await this.calendar.todayFor(viewer);
    // Licence numbers are opened only to be masked: the keys of the rows that have one, at once.
    const sealed = rows.filter((row) => row.drive_license !== null);
    const keys = await this.cipher.sessions(sealed.map((row) => vehicleSubject(row.vehicle_id)));
    const masked = new Map(
      sealed.map((row) => {
        const plain = keys.get(vehicleSubject(row.vehicle_id))?.open(row.drive_license) ?? null;
        return [row.vehicle_id, maskSensitive('drivingLicenseNumber', plain)];
      }),
    );
    return rows.map((row) => toView(row, projectNames, people, masked.get(row.vehicle_id) ?? null, today));
  }

  async get(viewer: Principal, vehicleId: number): Promise<VehicleView> {
    const vehicle = (await this.list(viewer)).find((v) => v.vehicleId === vehicleId);
    if (!vehicle) throw DomainError.notFound(vehicleMessages.notFound(vehicleId));
    return vehicle;
  }

  /** Registrations expired or expiring within 30 days of the clock's today, soonest first. */
  async expiring(viewer: Principal): Promise<VehicleView[]> {
    const flagged = (await this.list(viewer)).filter((v) => needsRenewal(v.registration));
    return flagged.sort(
      (a, b) =>
        (a.registryExpireDate ?? '').localeCompare(b.registryExpireDate ?? '') || a.vehicleId - b.vehicleId,
    );
  }

  async codeLists(ids: readonly VehicleCodeListId[]): Promise<CodeListEntry[]> {
    if (ids.length === 0) return [];
    const rows = await vehicleTables(this.db)
      .selectFrom('code_list_entries')
      .selectAll()
      .where('list_id', 'in', [...ids])
      .orderBy('list_id')
      .orderBy('sub_id')
      .execute();
    return rows.map((r) => ({ id: r.list_id, subId: r.sub_id, title: r.title, desc: r.description }));
  }

  /** The pickers: active projects and active people of the viewer's scope, by name. */
  async options(viewer: Principal): Promise<VehicleOptions> {
    const scope = ownerScopeOf(viewer);
    const [projects, people] = await Promise.all([
      this.projects.listActive({ ownerId: scope }),
      this.staff.listVisibleTo(viewer),
    ]);
    return {
      projects: projects.map((p) => ({ projectId: p.projectId, name: p.name })),
      people: people.filter((p) => p.isActive).map((p) => ({ staffId: p.staffId, name: p.name })),
    };
  }
}

function toView(
  row: Selectable<VehiclesTable>,
  projectNames: ReadonlyMap<number, string>,
  people: ReadonlyMap<number, string>,
  maskedLicence: string | null,
  today: string,
): VehicleView {
  return {
    vehicleId: row.vehicle_id,
    year: row.year,
    make: row.make,
    model: row.model,
    vin: row.vin,
    projectId: row.project_id,
    projectName: projectNames.get(row.project_id) ?? `Project ${row.project_id}`,
    issuedTo: row.issued_to,
    issuedToName: people.get(row.issued_to) ?? `Staff ${row.issued_to}`,
    registryExpireDate: row.registry_expire_date,
    registration: registrationStatus(row.registry_expire_date, today),
    plateNumber: row.plate_number,
    driveLicense: maskedLicence,
    insuranceCompany: row.insurance_company,
    financialInstitution: row.financial_institution,
    easyTagNumber: row.easy_tag_number,
    gasCardNumber: row.gas_card_number,
    comment: row.comment,
  };
}
