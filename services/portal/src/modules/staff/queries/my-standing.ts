import { QueryHandler } from '@nestjs/cqrs';
import { profileMessages } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { staffTables } from '../projections/staff-tables';

/** Where the person stands with what the firm asks of them: the code of conduct and onboarding. */
export interface MyStanding {
  readonly name: string;
  /** ISO instant; null: not acknowledged yet. */
  readonly codeOfConductAcknowledgedAt: string | null;
  /** Onboarding checklist items ticked. */
  readonly onboardingDone: number;
}

/**
 * The signed-in person's own standing (GET /api/me/code-of-conduct, and the dashboard's month at a
 * glance through the staff context's index). Only one's own: the query takes no id.
 */
export class GetMyStanding extends SignedInQuery<MyStanding> {}

@QueryHandler(GetMyStanding)
export class GetMyStandingHandler extends PortalQueryHandler<GetMyStanding> {
  constructor(@InjectDatabase() private readonly db: Database) {
    super();
  }

  protected async handle({ principal }: GetMyStanding): Promise<MyStanding> {
    const row = await staffTables(this.db)
      .selectFrom('staff')
      .select(['name', 'code_of_conduct_acknowledged_at', 'onboarding_done'])
      .where('staff_id', '=', principal!.staffId)
      .executeTakeFirst();
    if (!row) throw DomainError.notFound(profileMessages.notFound);
    return {
      name: row.name,
      codeOfConductAcknowledgedAt: row.code_of_conduct_acknowledged_at,
      onboardingDone: row.onboarding_done,
    };
  }
}
