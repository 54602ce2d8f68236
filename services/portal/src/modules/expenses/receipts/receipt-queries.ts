import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { readModel } from '../../../platform/projection/projection';
import type { ReceiptUploadedData } from './receipt-events';
import { RECEIPTS_READ_MODEL } from './receipts.projection';

/** A receipt as the rest of the expenses context sees it: what was uploaded, and when. */
export interface ReceiptRecord extends ReceiptUploadedData {
  /** ISO instant. */
  readonly uploadedAt: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isReceiptId(value: string): boolean {
  return UUID.test(value);
}

interface ReceiptRow {
  receipt_id: string;
  employee_id: number;
  file_name: string;
  content_type: string;
  size_text: string;
  sha256: string;
  storage_key: string;
  scan_total_text: string | null;
  scan_date_text: string | null;
  uploaded_at: Date | string;
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
    scan: { total: row.scan_total_text, date: row.scan_date_text },
    uploadedAt: new Date(row.uploaded_at).toISOString(),
  };
}

/** Reads `rm_receipts`: one receipt by id, or a person's receipts (newest first). */
@Injectable()
export class ReceiptQueries {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private select() {
    return readModel(this.db, RECEIPTS_READ_MODEL)
      .selectFrom('receipts')
      .select([
        'receipt_id',
        'employee_id',
        'file_name',
        'content_type',
        'sha256',
        'storage_key',
        'uploaded_at',
        sql<string>`size::text`.as('size_text'),
        sql<string | null>`scan_total::text`.as('scan_total_text'),
        sql<string | null>`to_char(scan_date, 'YYYY-MM-DD')`.as('scan_date_text'),
      ]);
  }

  /** Null for an unknown id (or one that is not a receipt id at all). */
  async get(receiptId: string): Promise<ReceiptRecord | null> {
    if (!isReceiptId(receiptId)) return null;
    const row = await this.select().where('receipt_id', '=', receiptId).executeTakeFirst();
    return row ? toRecord(row as ReceiptRow) : null;
  }

  async listForEmployee(employeeId: number): Promise<ReceiptRecord[]> {
    const rows = await this.select()
      .where('employee_id', '=', employeeId)
      .orderBy('uploaded_at', 'desc')
      .orderBy('receipt_id')
      .execute();
    return (rows as ReceiptRow[]).map(toRecord);
  }
}
