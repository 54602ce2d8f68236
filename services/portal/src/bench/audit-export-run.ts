import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AuditExportFormat } from '@portal/contracts';
import { ExportAuditHandler, ExportAuditQuery } from '../modules/audit/queries/audit-queries';
import { AuditReadModel } from '../modules/audit/queries/audit-read-model';
import type { Principal } from '../platform/auth/principal';
import { OneZoneCalendar } from '../platform/clock/business-calendar';
import { FixedClock } from '../platform/clock/clock';
import type { Database } from '../platform/database/database';
import { BENCH_ADMIN_ID } from './bench-admin';
import { procMemoryBytes } from './measure';

/**
 * What the audit export's child process (bench/audit-export-child.ts) runs, and nothing more: it
 * loads the export's handler and read model, not the audit module, the dataset or the bench, so
 * the child's peak RSS is the export's (the bench's other figures live in bench/audit.ts).
 */

export interface AuditExportFigures {
  readonly format: AuditExportFormat;
  readonly seconds: number;
  readonly bytes: number;
  /** CSV only: the data lines written (one per changed field; -1 for xlsx). */
  readonly lines: number;
  /** The child process's peak RSS (VmHWM), start-up included. */
  readonly peakRssBytes: number;
  /** Right before the export started: what loading the handler and opening the pool cost. */
  readonly startRssBytes: number;
}

/** The admin the export runs for (scope: every owner), as the dev sign-in makes the bench admin. */
export const BENCH_AUDIT_ADMIN: Principal = {
  staffId: BENCH_ADMIN_ID,
  name: 'Bench Admin',
  username: 'bench-admin',
  isAdmin: true,
  userType: 'default',
  canEditRoster: true,
  needReceipt: false,
};

/** Counts what it is given and throws it away (the network, as far as the bench cares). */
export class CountingSink extends Writable {
  bytes = 0;
  newlines = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.newlines += 1;
    done();
  }
}

/** In the child: the export of every audited event from `from` on, through the real handler. */
export async function runAuditExport(
  db: Database,
  format: AuditExportFormat,
  from: string,
): Promise<AuditExportFigures> {
  const startRssBytes = procMemoryBytes('self', 'VmRSS');
  const started = performance.now();
  const clock = new FixedClock(new Date(from));
  const handler = new ExportAuditHandler(new AuditReadModel(db), clock, new OneZoneCalendar(clock));
  const file = await handler.execute(
    new ExportAuditQuery(BENCH_AUDIT_ADMIN, {
      person: null,
      entityKind: null,
      entityId: null,
      actor: null,
      type: null,
      from,
      to: null,
      format,
    }),
  );
  const sink = new CountingSink();
  await pipeline(file.content, sink);
  // CSV: the title, the 7 filters, a blank line and the header come before the data (filterLines).
  const lines = format === 'csv' ? sink.newlines - 10 : -1;
  return {
    format,
    seconds: (performance.now() - started) / 1000,
    bytes: sink.bytes,
    lines,
    peakRssBytes: procMemoryBytes('self', 'VmHWM'),
    startRssBytes,
  };
}
