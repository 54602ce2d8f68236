import { Injectable } from '@nestjs/common';
import type { ReplayedReadModels } from '../../../platform/projection/as-of-replay';
import { ProjectDirectory, type ProjectView } from '../../catalog';
import { RosterQueries } from '../../roster';
import { StaffQueries, type StaffSummary } from '../../staff';

/**
 * What planning reads of other contexts, through their index.ts: the project (owner, client), and
 * the people the roster lets bill it, with their owners. Shared by the save and the grid.
 */
@Injectable()
export class PlanningFacts {
  constructor(
    private readonly projects: ProjectDirectory,
    private readonly roster: RosterQueries,
    private readonly staff: StaffQueries,
  ) {}

  project(projectId: number): Promise<ProjectView | null> {
    return this.projects.get(projectId);
  }

  /** The projects of one owner, or all (null), active or not, by name. */
  listProjects(ownerId: number | null): Promise<ProjectView[]> {
    return this.projects.listAll(ownerId);
  }

  /** Everyone the roster lets bill the project (any owner, active or not), by name. */
  async rosterPeople(projectId: number, replayed: ReplayedReadModels | null = null): Promise<StaffSummary[]> {
    const ids = new Set(await this.roster.employeesAllowedOn(projectId, replayed));
    if (ids.size === 0) return [];
    const everyone = await this.staff.listVisibleTo({ userType: 'default' });
    return everyone.filter((person) => ids.has(person.staffId));
  }
}
