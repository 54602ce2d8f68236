import { QueryHandler } from '@nestjs/cqrs';
import type { CodeListEntry, VehicleCodeListId, VehicleOptions, VehicleView } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { FleetReadModel } from './fleet-read-model';

/** GET /api/admin/vehicles: the fleet in the admin's scope, each with its registration status. */
@Requires('admin')
export class ListVehiclesQuery extends SignedInQuery<VehicleView[]> {}

/** GET /api/admin/vehicles/:id (404 when unknown, removed, or outside the admin's scope). */
@Requires('admin')
export class GetVehicleQuery extends SignedInQuery<VehicleView> {
  constructor(
    principal: Principal,
    readonly vehicleId: number,
  ) {
    super(principal);
  }
}

/** GET /api/admin/vehicles/expiring: registrations expired or expiring within 30 days. */
@Requires('admin')
export class ListExpiringVehiclesQuery extends SignedInQuery<VehicleView[]> {}

/** GET /api/admin/vehicles/options: the project and Issued To pickers. */
@Requires('admin')
export class VehicleOptionsQuery extends SignedInQuery<VehicleOptions> {}

/** GET /api/admin/code-lists?ids=1,2,6,10: the entries of the asked lists. */
@Requires('admin')
export class ListCodeListsQuery extends PortalQuery<CodeListEntry[]> {
  constructor(
    principal: Principal,
    readonly ids: readonly VehicleCodeListId[],
  ) {
    super(principal);
  }
}

@QueryHandler(ListVehiclesQuery)
export class ListVehiclesHandler extends PortalQueryHandler<ListVehiclesQuery> {
  constructor(private readonly fleet: FleetReadModel) {
    super();
  }
  protected handle({ principal }: ListVehiclesQuery): Promise<VehicleView[]> {
    return this.fleet.list(principal);
  }
}

@QueryHandler(GetVehicleQuery)
export class GetVehicleHandler extends PortalQueryHandler<GetVehicleQuery> {
  constructor(private readonly fleet: FleetReadModel) {
    super();
  }
  protected handle({ principal, vehicleId }: GetVehicleQuery): Promise<VehicleView> {
    return this.fleet.get(principal, vehicleId);
  }
}

@QueryHandler(ListExpiringVehiclesQuery)
export class ListExpiringVehiclesHandler extends PortalQueryHandler<ListExpiringVehiclesQuery> {
  constructor(private readonly fleet: FleetReadModel) {
    super();
  }
  protected handle({ principal }: ListExpiringVehiclesQuery): Promise<VehicleView[]> {
    return this.fleet.expiring(principal);
  }
}

@QueryHandler(VehicleOptionsQuery)
export class VehicleOptionsHandler extends PortalQueryHandler<VehicleOptionsQuery> {
  constructor(private readonly fleet: FleetReadModel) {
    super();
  }
  protected handle({ principal }: VehicleOptionsQuery): Promise<VehicleOptions> {
    return this.fleet.options(principal);
  }
}

@QueryHandler(ListCodeListsQuery)
export class ListCodeListsHandler extends PortalQueryHandler<ListCodeListsQuery> {
  constructor(private readonly fleet: FleetReadModel) {
    super();
  }
  protected handle({ ids }: ListCodeListsQuery): Promise<CodeListEntry[]> {
    return this.fleet.codeLists(ids);
  }
}
