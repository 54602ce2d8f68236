import type { ColumnType } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { tablesOf } from '../../../platform/database/typed-view';
import type { RecordedEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projection/projection';
import { createTables, readModelTables } from '../../../platform/projection/read-model-tables';
import { fullScan, type ReceiptEvent } from './receipt-events';

export const RECEIPTS_READ_MODEL = 'receipts';

/** `rm_receipts`: one row per uploaded receipt. */
export interface ReceiptsReadModel {
  receipts: {
    receipt_id: string;
    employee_id: number;
    file_name: string;
    content_type: string;
    /** bigint: read as text. */
    size: ColumnType<string | number, number, number>;
    sha256: string;
    storage_key: string;
    /** numeric: a decimal string. */
    scan_total: string | null;
    scan_date: ColumnType<Date | string, string, string> | null;
    scan_vendor: string | null;
    scan_currency: string | null;
    /** 'reading' while OCR reads a photo receipt; 'done' otherwise. */
    scan_state: ColumnType<string, string | undefined, string>;
    uploaded_at: ColumnType<Date | string, string, string>;
  };
}

export const receiptsReadModel = readModelTables<ReceiptsReadModel>(RECEIPTS_READ_MODEL);

/** The log stores events untyped; the runner hands this projection only the receipt events. */
const receiptEvent = (event: RecordedEvent) => event as RecordedEvent & ReceiptEvent;

/**
 * `rm_receipts.receipts`: one row per uploaded receipt (who, display name, size, where it is
 * stored, what the scan read, whether OCR is still reading it). Replaying `ReceiptUploaded` twice
 * leaves one row; `ReceiptScanned` fills the scan of a photo receipt. Version 2: vendor, currency
 * and the scan's state.
 */
export const receiptsProjection: Projection = {
  name: RECEIPTS_READ_MODEL,
  version: 2,
  eventTypes: ['ReceiptUploaded', 'ReceiptScanned'],

  createTables: createTables({
    receipts: {
      columns: {
        receipt_id: 'uuid primary key',
        employee_id: 'integer not null',
        file_name: 'text not null',
        content_type: 'text not null',
        size: 'bigint not null',
        sha256: 'text not null',
        storage_key: 'text not null',
        scan_total: 'numeric',
        scan_date: 'date',
        scan_vendor: 'text',
        scan_currency: 'text',
        scan_state: ['text', (c) => c.notNull().defaultTo('done')],
        uploaded_at: 'timestamptz not null',
      },
      indexes: { receipts_by_employee: ['employee_id', 'uploaded_at'] },
    },
  }),

  async apply(recorded: RecordedEvent, handle: Database): Promise<void> {
    const db = tablesOf<ReceiptsReadModel>(handle);
    const event = receiptEvent(recorded);
    if (event.type === 'ReceiptScanned') {
      const scan = fullScan(event.data.after);
      await db
        .updateTable('receipts')
        .set({
          scan_total: scan.total,
          scan_date: scan.date,
          scan_vendor: scan.vendor,
          scan_currency: scan.currency,
          scan_state: 'done',
        })
        .where('receipt_id', '=', event.data.receiptId)
        .execute();
      return;
    }
    if (event.type !== 'ReceiptUploaded') return;
    const data = event.data;
    const scan = fullScan(data.scan);
    const row = {
      receipt_id: data.receiptId,
      employee_id: data.employeeId,
      file_name: data.fileName,
      content_type: data.contentType,
      size: data.size,
      sha256: data.sha256,
      storage_key: data.storageKey,
      scan_total: scan.total,
      scan_date: scan.date,
      scan_vendor: scan.vendor,
      scan_currency: scan.currency,
      scan_state: data.scanState ?? 'done',
      uploaded_at: event.metadata.occurredAt,
    };
    await db
      .insertInto('receipts')
      .values(row)
      .onConflict((oc) => oc.column('receipt_id').doUpdateSet(row))
      .execute();
  },
};
