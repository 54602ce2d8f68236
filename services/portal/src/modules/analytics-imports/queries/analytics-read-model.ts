import { Injectable } from '@nestjs/common';
import {
  importMessages,
  sumDecimals,
  type AzureCostAnswer,
  type AzureCostQuery,
  type Office365Answer,
  type Office365ImportView,
  type Office365Query,
  type Office365ReportKind,
} from '@portal/contracts';
import type { Selectable } from 'kysely';
import { DomainError } from '../../../kernel/domain-error';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { analyticsTables, type Office365ImportsTable } from '../projections/analytics-tables';

function office365View(row: Selectable<Office365ImportsTable>): Office365ImportView {
  return {
    importId: row.import_id,
    fileName: row.file_name,
    kind: row.kind as Office365ReportKind,
    reportDate: row.report_date,
    users: row.users,
    licensedUsers: row.licensed_users,
    activeUsers: row.active_users,
    importedAt: row.imported_at.toISOString(),
    importedBy: row.imported_by,
  };
}

/** The imported figures as the analytics pages read them (firm-wide: the tenant is the firm's). */
@Injectable()
export class AnalyticsReadModel {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async azureCost(query: AzureCostQuery): Promise<AzureCostAnswer> {
    const rm = analyticsTables(this.db);
    const imports = await rm
      .selectFrom('azure_imports')
      .selectAll()
      .orderBy('imported_at', 'desc')
      .orderBy('import_id')
      .execute();
    const all = await rm
      .selectFrom('azure_costs')
      .select(['month', 'service', 'currency', 'cost'])
      .orderBy('month')
      .orderBy('service')
      .orderBy('currency')
      .execute();
    const costs = all
      .filter((c) => (!query.from || c.month >= query.from) && (!query.to || c.month <= query.to))
      .filter((c) => !query.service || c.service === query.service)
      // numeric comes back as text: normalised so '12.50' and '12.5' read the same.
      .map((c) => ({ ...c, cost: sumDecimals([c.cost]) }));
    const currencies = [...new Set(costs.map((c) => c.currency))].sort();
    return {
      imports: imports.map((row) => ({
        importId: row.import_id,
        fileName: row.file_name,
        rowCount: row.row_count,
        firstMonth: row.first_month,
        lastMonth: row.last_month,
        importedAt: row.imported_at.toISOString(),
        importedBy: row.imported_by,
      })),
      months: [...new Set(all.map((c) => c.month))],
      services: [...new Set(all.map((c) => c.service))].sort((a, b) => a.localeCompare(b)),
      costs,
      totals: currencies.map((currency) => ({
        currency,
        cost: sumDecimals(costs.filter((c) => c.currency === currency).map((c) => c.cost)),
      })),
    };
  }

  async office365(query: Office365Query): Promise<Office365Answer> {
    const rm = analyticsTables(this.db);
    const rows = await rm
      .selectFrom('office365_imports')
      .selectAll()
      .orderBy('report_date', 'desc')
      .orderBy('imported_at', 'desc')
      .execute();
    const imports = rows.map(office365View);
    const selected = query.import ? imports.find((i) => i.importId === query.import) : imports[0];
    if (query.import && !selected) throw DomainError.notFound(importMessages.notAnImport(query.import));
    if (!selected) return { imports, selected: null, licences: [] };
    const licences = await rm
      .selectFrom('office365_licences')
      .select(['sku', 'assigned'])
      .where('import_id', '=', selected.importId)
      .orderBy('assigned', 'desc')
      .orderBy('sku')
      .execute();
    return { imports, selected, licences };
  }
}
