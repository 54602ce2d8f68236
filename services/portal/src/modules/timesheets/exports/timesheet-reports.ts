import { QueryHandler } from '@nestjs/cqrs';
import {
  reportEmbedMessages as msg,
  type ReportEmbed,
  type ReportEmbedQuery,
  type ReportsStatus,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import type { Principal } from '../../../platform/auth/principal';
import type { PortalConfig } from '../../../platform/config/config';
import { InjectConfig } from '../../../platform/config/config.provider';
import { PortalQuery, PortalQueryHandler } from '../../../platform/cqrs';
import { embedForBrowser, ReportEmbedding } from '../../../platform/power-bi/report-embedding.port';
import { TimesheetExportScope } from './export-scope';
import { timesheetReportFilters } from './timesheet-report-filters';

/** GET /api/reports/status: does Download Timesheet show a Power BI report (or the portal's .xlsx)? */
export class TimesheetReportsStatus extends PortalQuery<ReportsStatus> {}

@QueryHandler(TimesheetReportsStatus)
export class TimesheetReportsStatusHandler extends PortalQueryHandler<TimesheetReportsStatus> {
  constructor(private readonly embedding: ReportEmbedding) {
    super();
  }

  protected handle(): Promise<ReportsStatus> {
    return Promise.resolve({ powerBi: this.embedding.enabled });
  }
}

/** POST /api/reports/embed: the Power BI report of a Download Timesheet selection, for one person. */
export class EmbedTimesheetReport extends PortalQuery<ReportEmbed> {
  constructor(
    principal: Principal,
    readonly request: ReportEmbedQuery,
  ) {
    super(principal);
  }
}

/**
 * The same rules as the .xlsx (TimesheetExportScope: one's own time; admins anyone in their scope;
 * the project in the asker's scope; OT types only where overtime applies), then the report of the
 * chosen type, with the embed token's identity set to the person whose time it is (the dataset's
 * row-level security shows only their rows) and the selection as filters. Not configured: 404.
 * Power BI or Azure AD failing: logged with the upstream detail, answered 503 with a plain message.
 */
@QueryHandler(EmbedTimesheetReport)
export class EmbedTimesheetReportHandler extends PortalQueryHandler<EmbedTimesheetReport> {
  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly embedding: ReportEmbedding,
    private readonly scope: TimesheetExportScope,
  ) {
    super();
  }

  protected async handle({ principal, request }: EmbedTimesheetReport): Promise<ReportEmbed> {
    const powerBi = this.config.powerBi;
    if (!powerBi || !this.embedding.enabled) throw DomainError.notFound(msg.notConfigured);
    const person = principal!;
    const employee = await this.scope.employeeOf(person, request.employeeId);
    const project = await this.scope.projectOf(person, request.projectId, request.type);
    const reportId = powerBi.reportIds[request.type];
    const embed = await embedForBrowser(
      this.embedding,
      reportId,
      { username: employee.username },
      {
        what: `report ${reportId} (${request.type}) for staff ${employee.staffId}, asked by ${person.staffId}`,
        unavailable: msg.unavailable,
      },
    );
    return {
      ...embed,
      filters: timesheetReportFilters(powerBi.filterTable, {
        projectId: project.projectId,
        employeeId: employee.staffId,
        start: request.start,
        end: request.end,
      }),
    };
  }
}
