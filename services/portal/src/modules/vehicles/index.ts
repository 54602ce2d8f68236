/** The vehicles context's public entry: the only file other code may import. */
export { VehiclesModule } from './vehicles.module';
export {
  RegisterVehicleCommand,
  ChangeVehicleDetailsCommand,
  RemoveVehicleCommand,
  type VehicleOutcome,
} from './commands/vehicle-commands';
export { AddCodeListEntryCommand } from './commands/add-code-list-entry';
export { ListVehiclesQuery, ListCodeListsQuery } from './queries/vehicle-queries';
