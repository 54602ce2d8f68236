import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf } from '../../../platform/projection/read-model-tables';
import type { AnalyticsImportEvent } from '../domain/imports-log';
import { ANALYTICS_IMPORTS_READ_MODEL, type AnalyticsImportsTables } from './analytics-tables';

/**
 * The uploads and their figures. An Azure upload replaces the figures of the months it holds (a
 * month's export uploaded again, or a longer one, is not counted twice); Office 365 reports are
 * kept each with its own date, so active users can be followed over time.
 */
export const analyticsImportsProjection = projectionOf<AnalyticsImportEvent, AnalyticsImportsTables>({
  name: ANALYTICS_IMPORTS_READ_MODEL,
  version: 1,
  handled: handledEvents<AnalyticsImportEvent>('AzureCostImported', 'Office365UsageImported'),
  tables: {
    azure_imports: {
      columns: {
        import_id: 'text primary key',
        file_name: 'text not null',
        row_count: 'integer not null',
        first_month: 'text not null',
        last_month: 'text not null',
        imported_at: 'timestamptz not null',
        imported_by: 'text not null',
      },
    },
    azure_costs: {
      columns: {
        month: 'text not null',
        service: 'text not null',
        currency: 'text not null',
        cost: 'numeric not null',
        import_id: 'text not null',
      },
      primaryKey: ['month', 'service', 'currency'],
    },
    office365_imports: {
      columns: {
        import_id: 'text primary key',
        file_name: 'text not null',
        kind: 'text not null',
        report_date: 'text not null',
        users: 'integer not null',
        licensed_users: 'integer not null',
        active_users: 'integer',
        imported_at: 'timestamptz not null',
        imported_by: 'text not null',
      },
    },
    office365_licences: {
      columns: { import_id: 'text not null', sku: 'text not null', assigned: 'integer not null' },
      primaryKey: ['import_id', 'sku'],
    },
  },

  async apply(event, rm): Promise<void> {
    const at = event.metadata.occurredAt;
    const by = event.metadata.actor.name;
    switch (event.type) {
      case 'AzureCostImported': {
        const { importId, fileName, rowCount, firstMonth, lastMonth, costs } = event.data;
        await rm
          .insertInto('azure_imports')
          .values({
            import_id: importId,
            file_name: fileName,
            row_count: rowCount,
            first_month: firstMonth,
            last_month: lastMonth,
            imported_at: at,
            imported_by: by,
          })
          .onConflict((oc) => oc.column('import_id').doNothing())
          .execute();
        const months = [...new Set(costs.map((c) => c.month))];
        await rm.deleteFrom('azure_costs').where('month', 'in', months).execute();
        // Inserted in slices: a long export holds thousands of month × service lines.
        for (let i = 0; i < costs.length; i += 500) {
          await rm
            .insertInto('azure_costs')
            .values(costs.slice(i, i + 500).map((c) => ({ ...c, import_id: importId })))
            .execute();
        }
        return;
      }
      case 'Office365UsageImported': {
        const { importId, fileName, kind, reportDate, users, licensedUsers, activeUsers, licences } =
          event.data;
        await rm
          .insertInto('office365_imports')
          .values({
            import_id: importId,
            file_name: fileName,
            kind,
            report_date: reportDate,
            users,
            licensed_users: licensedUsers,
            active_users: activeUsers,
            imported_at: at,
            imported_by: by,
          })
          .onConflict((oc) => oc.column('import_id').doNothing())
          .execute();
        if (licences.length > 0)
          await rm
            .insertInto('office365_licences')
            .values(licences.map((l) => ({ import_id: importId, sku: l.sku, assigned: l.assigned })))
            .onConflict((oc) => oc.columns(['import_id', 'sku']).doNothing())
            .execute();
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
