import { QueryHandler } from '@nestjs/cqrs';
import type {
  AuditExportFormat,
  AuditExportQuery,
  AuditFilters,
  AuditHistory,
  AuditHistoryQuery,
  AuditPage,
  AuditSearchQuery,
} from '@portal/contracts';
import type { Readable } from 'node:stream';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import type { Principal } from '../../../platform/auth/principal';
import { BusinessCalendar, ownerOfPerson } from '../../../platform/clock/business-calendar';
import { Clock } from '../../../platform/clock/clock';
import { type Permission, PortalQueryHandler, Requires, SignedInQuery } from '../../../platform/cqrs';
import { streamedDownload, withFirstPageRead } from '../../../platform/files/streamed-download';
import { auditExportFileName, writeAuditExport } from '../exports/audit-export';
import { AuditReadModel } from './audit-read-model';

/**
 * Who may read the audit: admins and auditors (issue 11); the one place the queries' permission is
 * named (the controller's guard, in audit.controller.ts, says the same with @AuditorsMayRead).
 */
export const AUDIT_PERMISSION: Permission = 'admin-or-auditor';

/** GET /api/audit/events: one page of the search, newest first. */
@Requires(AUDIT_PERMISSION)
export class SearchAuditQuery extends SignedInQuery<AuditPage> {
  constructor(
    principal: Principal,
    readonly search: AuditSearchQuery,
  ) {
    super(principal);
  }
}

/** GET /api/audit/history: one entity's timeline, oldest first. */
@Requires(AUDIT_PERMISSION)
export class AuditHistoryQueryMessage extends SignedInQuery<AuditHistory> {
  constructor(
    principal: Principal,
    readonly entity: AuditHistoryQuery,
  ) {
    super(principal);
  }
}

export interface AuditExportFile {
  readonly fileName: string;
  readonly format: AuditExportFormat;
  readonly content: Readable;
}

/** GET /api/audit/export: the search's every row, streamed as xlsx or CSV. */
@Requires(AUDIT_PERMISSION)
export class ExportAuditQuery extends SignedInQuery<AuditExportFile> {
  constructor(
    principal: Principal,
    readonly request: AuditExportQuery,
  ) {
    super(principal);
  }
}

function filtersOf(query: AuditFilters): AuditFilters {
  const { person, entityKind, entityId, actor, type, from, to } = query;
  return { person, entityKind, entityId, actor, type, from, to };
}

@QueryHandler(SearchAuditQuery)
export class SearchAuditHandler extends PortalQueryHandler<SearchAuditQuery> {
  constructor(private readonly audit: AuditReadModel) {
    super();
  }
  protected async handle({ principal, search }: SearchAuditQuery): Promise<AuditPage> {
    const found = await this.audit.search(
      filtersOf(search),
      ownerScopeOf(principal),
      search.page,
      search.pageSize,
    );
    return { ...found, page: search.page, pageSize: search.pageSize };
  }
}

@QueryHandler(AuditHistoryQueryMessage)
export class AuditHistoryHandler extends PortalQueryHandler<AuditHistoryQueryMessage> {
  constructor(private readonly audit: AuditReadModel) {
    super();
  }
  protected async handle({ principal, entity }: AuditHistoryQueryMessage): Promise<AuditHistory> {
    const entries = await this.audit.history(entity.entityKind, entity.entityId, ownerScopeOf(principal));
    return { entityKind: entity.entityKind, entityId: entity.entityId, entries };
  }
}

/**
 * Rows per keyset page of an export: small enough that a page (rows, views, lines) is a few
 * hundred KB, large enough that a 1,000,000-event export stays a few thousand indexed reads.
 */
const EXPORT_PAGE_SIZE = 500;

/**
 * The first page is read before answering (a failing database still answers an error, not a broken
 * download); then the file streams out while the next pages are read.
 */
@QueryHandler(ExportAuditQuery)
export class ExportAuditHandler extends PortalQueryHandler<ExportAuditQuery> {
  constructor(
    private readonly audit: AuditReadModel,
    private readonly clock: Clock,
    private readonly calendar: BusinessCalendar,
  ) {
    super();
  }

  protected async handle({ principal, request }: ExportAuditQuery): Promise<AuditExportFile> {
    const filters = filtersOf(request);
    const pages = await withFirstPageRead(
      this.audit.pages(filters, ownerScopeOf(principal), EXPORT_PAGE_SIZE),
    );
    const content = streamedDownload('AuditExport', 'Audit export', (out) =>
      writeAuditExport(request.format, filters, pages, out),
    );
    return {
      fileName: auditExportFileName(
        request.format,
        this.clock.now(),
        await this.calendar.zoneOf(ownerOfPerson(principal!)),
      ),
      format: request.format,
      content,
    };
  }
}
