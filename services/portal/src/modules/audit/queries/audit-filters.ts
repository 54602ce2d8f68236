import { QueryHandler } from '@nestjs/cqrs';
import { AUDIT_EVENT_TYPES, auditEventTypeLabel, type AuditFilterChoices } from '@portal/contracts';
import { PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { StaffQueries } from '../../staff';
import { AUDIT_PERMISSION } from './audit-queries';

/**
 * GET /api/audit/filters: what the audit's filters offer, so nobody types a staff id or an event
 * type: the people the caller may see (deactivated ones too, their history stays), by name, and
 * every event type the audit reads.
 */
@Requires(AUDIT_PERMISSION)
export class GetAuditFilters extends SignedInQuery<AuditFilterChoices> {}

@QueryHandler(GetAuditFilters)
export class GetAuditFiltersHandler extends PortalQueryHandler<GetAuditFilters> {
  constructor(private readonly staff: StaffQueries) {
    super();
  }
  protected async handle({ principal }: GetAuditFilters): Promise<AuditFilterChoices> {
    const people = await this.staff.listVisibleTo(principal);
    return {
      people: people.map((p) => ({ staffId: p.staffId, name: p.name, isActive: p.isActive })),
      eventTypes: AUDIT_EVENT_TYPES.map((type) => ({ type, label: auditEventTypeLabel(type) })),
    };
  }
}
