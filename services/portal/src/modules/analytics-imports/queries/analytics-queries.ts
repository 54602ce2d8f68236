import { QueryHandler } from '@nestjs/cqrs';
import type { AzureCostAnswer, AzureCostQuery, Office365Answer, Office365Query } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { azureCostWorkbook, office365Workbook } from '../exports/analytics-workbooks';
import { AnalyticsReadModel } from './analytics-read-model';

/** GET /api/admin/analytics/azure-cost: cost by service and month, the filters applied. */
@Requires('admin')
export class GetAzureCostQuery extends PortalQuery<AzureCostAnswer> {
  constructor(
    principal: Principal,
    readonly query: AzureCostQuery,
  ) {
    super(principal);
  }
}

/** GET /api/admin/analytics/azure-cost/export: AzureCost.xlsx of the same figures. */
@Requires('admin')
export class ExportAzureCostQuery extends PortalQuery<Buffer> {
  constructor(
    principal: Principal,
    readonly query: AzureCostQuery,
  ) {
    super(principal);
  }
}

/** GET /api/admin/analytics/office365: the reports and one report's licences. */
@Requires('admin')
export class GetOffice365Query extends PortalQuery<Office365Answer> {
  constructor(
    principal: Principal,
    readonly query: Office365Query,
  ) {
    super(principal);
  }
}

/** GET /api/admin/analytics/office365/export: Office365.xlsx of the report shown. */
@Requires('admin')
export class ExportOffice365Query extends PortalQuery<Buffer> {
  constructor(
    principal: Principal,
    readonly query: Office365Query,
  ) {
    super(principal);
  }
}

@QueryHandler(GetAzureCostQuery)
export class GetAzureCostHandler extends PortalQueryHandler<GetAzureCostQuery> {
  constructor(private readonly analytics: AnalyticsReadModel) {
    super();
  }
  protected handle({ query }: GetAzureCostQuery): Promise<AzureCostAnswer> {
    return this.analytics.azureCost(query);
  }
}

@QueryHandler(ExportAzureCostQuery)
export class ExportAzureCostHandler extends PortalQueryHandler<ExportAzureCostQuery> {
  constructor(private readonly analytics: AnalyticsReadModel) {
    super();
  }
  protected async handle({ query }: ExportAzureCostQuery): Promise<Buffer> {
    return azureCostWorkbook(await this.analytics.azureCost(query), query);
  }
}

@QueryHandler(GetOffice365Query)
export class GetOffice365Handler extends PortalQueryHandler<GetOffice365Query> {
  constructor(private readonly analytics: AnalyticsReadModel) {
    super();
  }
  protected handle({ query }: GetOffice365Query): Promise<Office365Answer> {
    return this.analytics.office365(query);
  }
}

@QueryHandler(ExportOffice365Query)
export class ExportOffice365Handler extends PortalQueryHandler<ExportOffice365Query> {
  constructor(private readonly analytics: AnalyticsReadModel) {
    super();
  }
  protected async handle({ query }: ExportOffice365Query): Promise<Buffer> {
    return office365Workbook(await this.analytics.office365(query));
  }
}
