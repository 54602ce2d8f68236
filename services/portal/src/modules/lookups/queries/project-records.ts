import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, Requires } from '../../../platform/cqrs';

/*
 * "Has anything been recorded on this project?", asked by the catalog before an admin deletes a
 * project (a project with history is deactivated, not removed). The timesheets and the expenses
 * context (and planning and the roster) each answer their own part from their read models; the classes live here so the
 * catalog asks through the QueryBus without importing either context (they import the catalog).
 */

/** True when any time entry names the project (as its project or its sub-project). */
@Requires('admin')
export class ProjectHasTimeQuery extends PortalQuery<boolean> {
  constructor(
    principal: Principal,
    readonly projectId: number,
  ) {
    super(principal);
  }
}

/** True when any expense is claimed on the project. */
@Requires('admin')
export class ProjectHasExpensesQuery extends PortalQuery<boolean> {
  constructor(
    principal: Principal,
    readonly projectId: number,
  ) {
    super(principal);
  }
}

/** True when any planned hours (a cell not emptied) stand on the project. */
@Requires('admin')
export class ProjectHasPlansQuery extends PortalQuery<boolean> {
  constructor(
    principal: Principal,
    readonly projectId: number,
  ) {
    super(principal);
  }
}

/** True when anyone is on the project's roster (a ticked cell). */
@Requires('admin')
export class ProjectHasRosterQuery extends PortalQuery<boolean> {
  constructor(
    principal: Principal,
    readonly projectId: number,
  ) {
    super(principal);
  }
}
