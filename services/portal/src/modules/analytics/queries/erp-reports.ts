import { QueryBus, QueryHandler } from '@nestjs/cqrs';
import type { ErpFilter, ErpFilterOptions, ErpPage, ErpReports } from '@portal/contracts';
import type { Principal } from '../../../platform/auth/principal';
import { PortalQuery, PortalQueryHandler, Requires } from '../../../platform/cqrs';
import { SumExpensesForAnalytics } from '../../expenses';
import { SumTimeForAnalytics } from '../../timesheets';
import { erpExpensesReport, erpOvertimeReport, erpTimeReport } from '../domain/erp-figures';
import { ErpScopes } from './erp-scope';

/** GET /api/admin/analytics/{erpTime|erpExpenses|erpOvertime}: one built-in view's figures. */
@Requires('admin')
export class GetErpReport<P extends ErpPage = ErpPage> extends PortalQuery<ErpReports[P]> {
  constructor(
    principal: Principal,
    readonly page: P,
    readonly filter: ErpFilter,
  ) {
    super(principal);
  }
}

@QueryHandler(GetErpReport)
export class GetErpReportHandler extends PortalQueryHandler<GetErpReport> {
  constructor(
    private readonly scopes: ErpScopes,
    private readonly queries: QueryBus,
  ) {
    super();
  }

  protected async handle({ principal, page, filter }: GetErpReport): Promise<ErpReports[ErpPage]> {
    const person = principal!;
    const scope = await this.scopes.of(person, filter);
    const rows = {
      from: filter.from,
      to: filter.to,
      employeeIds: scope.employeeIds,
      projectIds: scope.projectIds,
    };
    if (page === 'erpExpenses') {
      const expenses = await this.queries.execute(new SumExpensesForAnalytics(person, rows));
      return erpExpensesReport(filter, expenses);
    }
    const time = await this.queries.execute(new SumTimeForAnalytics(person, rows));
    return page === 'erpTime'
      ? erpTimeReport(filter, time, scope.projects, scope.ownerNames)
      : erpOvertimeReport(filter, time, scope.projects);
  }
}

/** GET /api/admin/analytics/filters: the owners, projects and people the asker's filters offer. */
@Requires('admin')
export class GetErpFilterOptions extends PortalQuery<ErpFilterOptions> {}

@QueryHandler(GetErpFilterOptions)
export class GetErpFilterOptionsHandler extends PortalQueryHandler<GetErpFilterOptions> {
  constructor(private readonly scopes: ErpScopes) {
    super();
  }

  protected async handle({ principal }: GetErpFilterOptions): Promise<ErpFilterOptions> {
    return (await this.scopes.of(principal!, null)).options;
  }
}
