import { QueryHandler } from '@nestjs/cqrs';
import type { RosterChoices, RosterMatrix, RosterMatrixQuery } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { assertMayReadRoster, RosterMatrixReader } from './roster-matrix-reader';

/** GET /api/roster: the matrix for admins and roster editors (403 to anyone else), filtered. */
export class GetRosterMatrixQuery extends PortalQuery<RosterMatrix> {
  constructor(
    principal: Principal,
    readonly filter: RosterMatrixQuery,
    /** A past instant (ISO, UTC): the matrix as it stood then; null: now. */
    readonly asOf: string | null = null,
  ) {
    super(principal);
  }
}

@QueryHandler(GetRosterMatrixQuery)
export class GetRosterMatrixHandler extends PortalQueryHandler<GetRosterMatrixQuery> {
  constructor(private readonly reader: RosterMatrixReader) {
    super();
  }

  protected handle({ principal, filter, asOf }: GetRosterMatrixQuery): Promise<RosterMatrix> {
    return this.reader.matrix(assertMayReadRoster(principal), filter, asOf);
  }
}

/** GET /api/roster/choices: the people, projects and owners the filters offer. */
export class GetRosterChoicesQuery extends PortalQuery<RosterChoices> {
  constructor(principal: Principal) {
    super(principal);
  }
}

@QueryHandler(GetRosterChoicesQuery)
export class GetRosterChoicesHandler extends PortalQueryHandler<GetRosterChoicesQuery> {
  constructor(private readonly reader: RosterMatrixReader) {
    super();
  }

  protected handle({ principal }: GetRosterChoicesQuery): Promise<RosterChoices> {
    return this.reader.choices(assertMayReadRoster(principal));
  }
}
