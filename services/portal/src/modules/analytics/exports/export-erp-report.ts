import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { ErpFilter, ErpPage } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { erpWorkbook } from './erp-workbook';
import { GetErpReport } from '../queries/erp-reports';

/** GET /api/admin/analytics/{erpPage}/export: the view's figures as .xlsx (same filters, same scope). */
@Requires('admin')
export class ExportErpReport extends PortalQuery<Buffer> {
  constructor(
    principal: Principal,
    readonly page: ErpPage,
    readonly filter: ErpFilter,
  ) {
    super(principal);
  }
}

@QueryHandler(ExportErpReport)
export class ExportErpReportHandler extends PortalQueryHandler<ExportErpReport> {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  protected async handle({ principal, page, filter }: ExportErpReport): Promise<Buffer> {
    const report = await this.queries.execute(new GetErpReport(principal!, page, filter));
    return erpWorkbook(page, report);
  }
}
