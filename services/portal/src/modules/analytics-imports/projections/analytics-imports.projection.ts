import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { handledEvents } from '../../../platform/projection/handled-events';
import type { AnalyticsImportEvent } from '../domain/imports-log';
import { ANALYTICS_IMPORTS_READ_MODEL, type AnalyticsImportsTables } from './analytics-tables';

const handled = handledEvents<AnalyticsImportEvent>('AzureCostImported', 'Office365UsageImported');

/**
 * The uploads and their figures. An Azure upload replaces the figures of the months it holds (a
 * month's export uploaded again, or a longer one, is not counted twice); Office 365 reports are
 * kept each with its own date, so active users can be followed over time.
 */
export const analyticsImportsProjection: Projection = {
  name: ANALYTICS_IMPORTS_READ_MODEL,
  version: 1,
  eventTypes: handled.types,

  async createTables(db: Database): Promise<void> {
    await db.schema
      .createTable('azure_imports')
      .addColumn('import_id', 'text', (c) => c.primaryKey())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('row_count', 'integer', (c) => c.notNull())
      .addColumn('first_month', 'text', (c) => c.notNull())
      .addColumn('last_month', 'text', (c) => c.notNull())
      .addColumn('imported_at', 'timestamptz', (c) => c.notNull())
      .addColumn('imported_by', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('azure_costs')
      .addColumn('month', 'text', (c) => c.notNull())
      .addColumn('service', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('cost', 'numeric', (c) => c.notNull())
      .addColumn('import_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('azure_costs_pk', ['month', 'service', 'currency'])
      .execute();
    await db.schema
      .createTable('office365_imports')
      .addColumn('import_id', 'text', (c) => c.primaryKey())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('report_date', 'text', (c) => c.notNull())
      .addColumn('users', 'integer', (c) => c.notNull())
      .addColumn('licensed_users', 'integer', (c) => c.notNull())
      .addColumn('active_users', 'integer')
      .addColumn('imported_at', 'timestamptz', (c) => c.notNull())
      .addColumn('imported_by', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('office365_licences')
      .addColumn('import_id', 'text', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('assigned', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('office365_licences_pk', ['import_id', 'sku'])
      .execute();
  },

  async apply(event: RecordedEvent, db: Database): Promise<void> {
    if (!handled.has(event)) return;
    const rm = tablesOf<AnalyticsImportsTables>(db);
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
};
