import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Currency, ReceiptScanState } from '@portal/contracts';
import type { ReceiptUploadedData } from './receipt-events';
import { receiptsReadModel } from './receipts.projection';

/** A receipt as the rest of the expenses context sees it: what was uploaded, and when. */
export interface ReceiptRecord extends Omit<ReceiptUploadedData, 'scanState' | 'locale'> {
  readonly scanState: ReceiptScanState;
  /** ISO instant. */
  readonly uploadedAt: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isReceiptId(value: string): boolean {
  return UUID.test(value);
}

interface ReceiptRow {
  readonly receipt_id: string;
  readonly employee_id: number;
  readonly file_name: string;
  readonly content_type: string;
  readonly size_text: string;
  readonly sha256: string;
  readonly storage_key: string;
  readonly scan_total_text: string | null;
  readonly scan_date_text: string | null;
  readonly scan_vendor: string | null;
  readonly scan_currency: string | null;
  readonly scan_state: string;
  readonly uploaded_at: Date | string;
}

function toRecord(row: ReceiptRow): ReceiptRecord {
  return {
    receiptId: row.receipt_id,
    employeeId: row.employee_id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: Number(row.size_text),
    sha256: row.sha256,
    storageKey: row.storage_key,
    scan: {
      total: row.scan_total_text,
      date: row.scan_date_text,
      vendor: row.scan_vendor,
      currency: row.scan_currency as Currency | null,
    },
    scanState: row.scan_state === 'reading' ? 'reading' : 'done',
    uploadedAt: new Date(row.uploaded_at).toISOString(),
  };
}

/** Reads `rm_receipts`: one receipt by id, or a person's receipts (newest first). */
@Injectable()
export class ReceiptQueries {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private select() {
    return receiptsReadModel(this.db)
      .selectFrom('receipts')
      .select([
        'receipt_id',
        'employee_id',
        'file_name',
        'content_type',
        'sha256',
        'storage_key',
        'uploaded_at',
        'scan_vendor',
        'scan_currency',
        'scan_state',
        sql<string>`size::text`.as('size_text'),
        sql<string | null>`scan_total::text`.as('scan_total_text'),
        sql<string | null>`to_char(scan_date, 'YYYY-MM-DD')`.as('scan_date_text'),
      ]);
  }

  /** Null for an unknown id (or one that is not a receipt id at all). */
  async get(receiptId: string): Promise<ReceiptRecord | null> {
    if (!isReceiptId(receiptId)) return null;
    const row = await this.select().where('receipt_id', '=', receiptId).executeTakeFirst();
    return row ? toRecord(row) : null;
  }

  async listForEmployee(employeeId: number): Promise<ReceiptRecord[]> {
    const rows = await this.select()
      .where('employee_id', '=', employeeId)
      .orderBy('uploaded_at', 'desc')
      .orderBy('receipt_id')
      .execute();
    return rows.map(toRecord);
  }
}
