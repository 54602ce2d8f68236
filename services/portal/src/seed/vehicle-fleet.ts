import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { addDays, VEHICLE_CODE_LISTS, type VehicleDetails } from '@portal/contracts';
import { DomainError } from '../kernel/domain-error';
import { SYSTEM_PRINCIPAL } from '../platform/cqrs';
import { AddCodeListEntryCommand, ListVehiclesQuery, RegisterVehicleCommand } from '../modules/vehicles';
import type { DemoSeedContext, DemoSeedStep } from './demo-seed';

/** The code lists' first entries: data admins extend from the vehicle screen, not constants. */
const CODE_LIST_SEED: readonly [
  listId: (typeof VEHICLE_CODE_LISTS)[keyof typeof VEHICLE_CODE_LISTS],
  titles: string[],
][] = [
  [VEHICLE_CODE_LISTS.years, ['2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026']],
  [VEHICLE_CODE_LISTS.makes, ['Chevrolet', 'Ford', 'GMC', 'RAM', 'Toyota']],
  [VEHICLE_CODE_LISTS.insurers, ['Aviva', 'Intact Insurance', 'State Farm']],
  [VEHICLE_CODE_LISTS.gasCards, ['Petro-Canada SuperPass', 'Shell Fleet', 'WEX Fleet']],
];

/** Three vehicles: one owner-1 registration expiring soon (the dashboard panel), one not, one of owner 2. */
function demoVehicles(context: DemoSeedContext): VehicleDetails[] {
  const today = context.today;
  const blank = {
    plateNumber: null,
    driveLicense: null,
    financialInstitution: null,
    easyTagNumber: null,
    comment: null,
  };
  return [
    {
      ...blank,
      year: '2022',
      make: 'Ford',
      model: 'F-150',
      vin: '1FTFW1E50NFA00001',
      projectId: 33,
      issuedTo: context.people.carlos.staffId,
      registryExpireDate: addDays(today, 12),
      plateNumber: 'CFX 2291',
      insuranceCompany: 'Intact Insurance',
      gasCardNumber: 'Petro-Canada SuperPass',
    },
    {
      ...blank,
      year: '2024',
      make: 'Toyota',
      model: 'Tacoma',
      vin: '3TMCZ5AN4RM000002',
      projectId: 12,
      issuedTo: context.people.dana.staffId,
      registryExpireDate: addDays(today, 200),
      insuranceCompany: 'State Farm',
      gasCardNumber: 'WEX Fleet',
    },
    {
      ...blank,
      year: '2021',
      make: 'Chevrolet',
      model: 'Express',
      vin: null,
      projectId: 21,
      issuedTo: context.people.sam.staffId,
      registryExpireDate: addDays(today, 90),
      insuranceCompany: 'Aviva',
      gasCardNumber: 'Shell Fleet',
    },
  ];
}

/**
 * The demo fleet: the code lists' entries, then three vehicles, sent as the admin screen's
 * commands. A second run adds nothing (an entry already listed is a conflict, skipped; the
 * vehicles are sent only while the fleet is empty).
 */
@Injectable()
export class VehicleFleetSeedStep implements DemoSeedStep {
  readonly name = 'vehicle-fleet';

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async run(context: DemoSeedContext): Promise<void> {
    for (const [listId, titles] of CODE_LIST_SEED) {
      for (const title of titles) {
        try {
          await this.commands.execute(
            new AddCodeListEntryCommand(context.caller(`code-list-${listId}-${title}`), {
              listId,
              title,
              desc: null,
            }),
          );
        } catch (error) {
          if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
        }
      }
    }
    const fleet = await this.queries.execute(new ListVehiclesQuery(SYSTEM_PRINCIPAL));
    if (fleet.length > 0) return;
    for (const [index, vehicle] of demoVehicles(context).entries()) {
      await this.commands.execute(
        new RegisterVehicleCommand(context.caller(`vehicle-${index + 1}`), vehicle),
      );
    }
  }
}
