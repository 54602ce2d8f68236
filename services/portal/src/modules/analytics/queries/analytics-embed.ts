import { QueryHandler } from '@nestjs/cqrs';
import { analyticsMessages as msg, type AnalyticsEmbed, type AnalyticsPage } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import type { PortalConfig } from '../../../platform/config/config';
import { InjectConfig } from '../../../platform/config/config.provider';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { embedForBrowser, ReportEmbedding } from '../../../platform/power-bi/report-embedding.port';

/** GET /api/admin/analytics/{page}/embed: the page's Power BI report, when one is configured. */
@Requires('admin')
export class EmbedAnalyticsReport extends PortalQuery<AnalyticsEmbed> {
  constructor(
    principal: Principal,
    readonly page: AnalyticsPage,
  ) {
    super(principal);
  }
}

/**
 * `{powerBi: false}` when no workspace or no report for the page is configured (the page shows its
 * built-in view). Otherwise the embed, its token fetched here with the service principal's secret
 * (which never leaves the server), the identity the asking admin (the dataset's row-level security
 * keeps a sightstream admin to owner 2). Power BI failing: logged, 503 with a plain sentence.
 */
@QueryHandler(EmbedAnalyticsReport)
export class EmbedAnalyticsReportHandler extends PortalQueryHandler<EmbedAnalyticsReport> {
  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly embedding: ReportEmbedding,
  ) {
    super();
  }

  protected async handle({ principal, page }: EmbedAnalyticsReport): Promise<AnalyticsEmbed> {
    const reportId = this.config.powerBi?.analyticsReportIds[page];
    if (!reportId || !this.embedding.enabled) return { powerBi: false };
    const person = principal!;
    const embed = await embedForBrowser(
      this.embedding,
      reportId,
      { username: person.username },
      {
        what: `report ${reportId} (${page}) for staff ${person.staffId}`,
        unavailable: msg.unavailable,
      },
    );
    return { powerBi: true, embed: { ...embed, filters: [] } };
  }
}
