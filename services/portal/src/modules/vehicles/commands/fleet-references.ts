import { Injectable } from '@nestjs/common';
import type { VehicleDetails } from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { loadState } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { CatalogReferences, ProjectDirectory } from '../../catalog';
import { StaffQueries, StaffReferences } from '../../staff';
import { CODE_LISTS_STREAM_ID, codeListDecider, titlesOf } from '../domain/code-lists';
import {
  fleetDecider,
  VEHICLES_STREAM_ID,
  type FleetEditor,
  type FleetReferences,
} from '../domain/vehicle-fleet';

/** The editor a principal is: their owner scope. */
export function fleetEditorOf(principal: Principal): FleetEditor {
  return { ownerScope: ownerScopeOf(principal) };
}

/**
 * Looks up what the fleet decider checks, from the streams themselves (never a read model, so a
 * vehicle saved right after a new make was added is not refused): the owners of the projects and
 * people a command names (also the project the vehicle has now), and the code lists' titles.
 */
@Injectable()
export class FleetLookups {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReferences,
    private readonly staff: StaffReferences,
    private readonly people: StaffQueries,
    private readonly projects: ProjectDirectory,
  ) {}

  /**
   * The same for a command on an existing vehicle: also the owners of the project it is on and the
   * person it is issued to now (a sightstream admin may touch it only when both are theirs).
   */
  async referencesFor(vehicleId: number, details: Partial<VehicleDetails>): Promise<FleetReferences> {
    const { state } = await loadState(this.store, VEHICLES_STREAM_ID, fleetDecider);
    const current = state.vehicles.get(vehicleId);
    return this.references(details, current);
  }

  async references(
    details: Partial<VehicleDetails>,
    current?: Pick<VehicleDetails, 'projectId' | 'issuedTo'>,
  ): Promise<FleetReferences> {
    const ids = (...values: (number | undefined)[]) =>
      values.filter((id): id is number => Number.isInteger(id));
    const projectIds = ids(details.projectId, current?.projectId);
    const staffIds = ids(details.issuedTo, current?.issuedTo);
    const [projectOwners, staffOwners, inactiveStaff, closedProjects, lists] = await Promise.all([
      this.catalog.projectOwners(projectIds),
      this.staff.staffOwners(staffIds),
      this.inactive(staffIds),
      this.closed(projectIds),
      loadState(this.store, CODE_LISTS_STREAM_ID, codeListDecider),
    ]);
    return { projectOwners, staffOwners, inactiveStaff, closedProjects, codeLists: titlesOf(lists.state) };
  }

  /**
   * Which of these projects the catalog's read model shows as closed (the catalog's stream check
   * above knows only that a project was opened; one opened a moment ago and not yet shown is open).
   */
  private async closed(projectIds: readonly number[]): Promise<ReadonlySet<number>> {
    const projects = await Promise.all(projectIds.map((id) => this.projects.get(id)));
    return new Set(projects.filter((p) => p !== null && !p.isActive).map((p) => p!.projectId));
  }

  /**
   * Who of these people the staff read model shows as inactive (someone registered a moment ago
   * and not yet shown counts as active: the stream check above already knows them).
   */
  private async inactive(staffIds: readonly number[]): Promise<ReadonlySet<number>> {
    const people = await Promise.all(staffIds.map((id) => this.people.get(id)));
    return new Set(people.filter((p) => p !== null && !p.isActive).map((p) => p!.staffId));
  }
}
