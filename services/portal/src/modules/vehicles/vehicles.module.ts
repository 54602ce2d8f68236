import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { StaffModule } from '../staff';
import { AddCodeListEntryHandler } from './commands/add-code-list-entry';
import { DriveLicences } from './commands/drive-licences';
import { FleetLookups } from './commands/fleet-references';
import { RevealDriveLicenseHandler } from './commands/reveal-drive-license';
import { PersonalDataCipher } from '../../platform/crypto/personal-data-cipher';
import {
  ChangeVehicleDetailsHandler,
  RegisterVehicleHandler,
  RemoveVehicleHandler,
} from './commands/vehicle-commands';
import { vehiclesProjectionWith } from './projections/vehicles.projection';
import { FleetReadModel } from './queries/fleet-read-model';
import {
  GetVehicleHandler,
  ListCodeListsHandler,
  ListExpiringVehiclesHandler,
  ListVehiclesHandler,
  VehicleOptionsHandler,
} from './queries/vehicle-queries';
import { VehiclesController } from './vehicles.controller';

/**
 * The firm's vehicles and the code lists their form picks from (years, makes, insurers, gas
 * cards). Reads projects and people through the catalog's and the staff's exported queries.
 */
@Module({
  imports: [CatalogModule, StaffModule],
  controllers: [VehiclesController],
  providers: [
    FleetLookups,
    DriveLicences,
    FleetReadModel,
    RevealDriveLicenseHandler,
    RegisterVehicleHandler,
    ChangeVehicleDetailsHandler,
    RemoveVehicleHandler,
    AddCodeListEntryHandler,
    ListVehiclesHandler,
    GetVehicleHandler,
    ListExpiringVehiclesHandler,
    VehicleOptionsHandler,
    ListCodeListsHandler,
  ],
})
export class VehiclesModule {
  constructor(registry: ContextRegistry, cipher: PersonalDataCipher) {
    registry.projection(vehiclesProjectionWith(cipher));
  }
}
