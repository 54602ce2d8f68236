import { QueryHandler } from '@nestjs/cqrs';
import { claimedAmount, rateDateFor, type ClaimPreview, type ClaimPreviewQuery } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { BusinessCalendar } from '../../../platform/clock/business-calendar';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { DomainError } from '../../../kernel/domain-error';
import { ExpenseFacts } from '../commands/expense-facts';

/**
 * GET /api/expenses/claim-preview: what a claim of this amount, currency, project and date would
 * be saved with (project currency, rate, claimed amount), before it is submitted.
 */
export class PreviewClaim extends PortalQuery<ClaimPreview> {
  constructor(
    readonly person: Principal,
    readonly claim: ClaimPreviewQuery,
  ) {
    super(person);
  }
}

/**
 * The same facts and rules the claim command uses (ExpenseFacts, `claimedAmount`): a project the
 * person may not claim on answers the claim's 400 on projectId, so the preview tells no more.
 */
@QueryHandler(PreviewClaim)
export class PreviewClaimHandler extends PortalQueryHandler<PreviewClaim> {
  constructor(
    private readonly facts: ExpenseFacts,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async handle({ person, claim }: PreviewClaim): Promise<ClaimPreview> {
    const project = await this.facts.project(person, claim.projectId);
    DomainError.throwIfAny(await this.facts.projectProblems(person.staffId, claim.projectId, project));
    const projectCurrency = project?.invoiceCurrency ?? null;
    const { rate, converted, found } = await this.facts.conversion(
      claim.currency,
      projectCurrency,
      claim.date,
    );
    return {
      amount: claim.amount,
      currency: claim.currency,
      projectCurrency,
      rate,
      rateDate: converted ? rateDateFor(claim.date, await this.calendar.todayFor(person)) : null,
      rateFound: found,
      claimed: claimedAmount(claim.amount, rate),
    };
  }
}
