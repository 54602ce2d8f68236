import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { applyAuditBatch, auditProjection, AUDIT_READ_MODEL } from '../modules/audit';
import type { NewEvent, RecordedEvent } from '../platform/event-store/event-store.port';
import { scopeTransaction } from '../platform/projection/projection-rebuild';
import { readModelSchema } from '../platform/projection/projection';
import { createBenchDatabase } from './bench-database';
import { measureAuditExports, type AuditSink } from './audit';
import { BenchDataset } from './dataset';
import { rssGoal } from './goals';
import { fmtInt, fmtMb, progress } from './measure';

/**
 * Part `audit` of `npm run bench` (issue 11): the export of a search of 1,000,000 audited events
 * (`exportEvents`: BENCH_AUDIT_EVENTS; a thousand in the smoke) without appending the firm's log
 * first (hours on a loaded box). The firm's own events (its setup,
 * then its ledgers' TimesheetSubmitted and expenses, as the review loop would append them) are
 * written into rm_audit by the audit projection's own writer (`applyAuditBatch`, in batches of 500
 * as the runner applies them), until `exportEvents` audited events are there; then each export runs in
 * a child process of its own (bench/audit-export-child.ts) through ExportAuditHandler.
 */

const BATCH = 500;

export async function benchAuditExport(
  adminUrl: string,
  firm: { people: number; months: number; projects: number },
  sink: AuditSink,
  exportEvents: number,
): Promise<void> {
  const database = await createBenchDatabase(adminUrl, 4);
  try {
    const db = database.db;
    const schema = readModelSchema(AUDIT_READ_MODEL);
    await sql`create schema ${sql.id(schema)}`.execute(db);
    const inSchema = (work: (scoped: typeof db) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        await scopeTransaction(trx, schema);
        await work(trx.withSchema(schema));
      });
    await inSchema((scoped) => auditProjection.createTables(scoped));

    const dataset = new BenchDataset(firm.people, 2024, {
      months: firm.months,
      projects: firm.projects,
      expensesPerMonth: 6,
      admin: true,
    });
    const audited = new Set(auditProjection.eventTypes);
    let position = 0n;
    let events = 0;
    let pending: RecordedEvent[] = [];
    const flush = async () => {
      const batch = pending;
      pending = [];
      if (batch.length > 0) await inSchema((scoped) => applyAuditBatch(batch, scoped));
    };
    const add = async (streamId: string, from: number, news: readonly NewEvent[]) => {
      let revision = BigInt(from);
      for (const event of news) {
        position += 1n;
        const recorded = {
          ...event,
          streamId,
          revision: revision++,
          position: { commit: position, prepare: position },
          recordedAt: event.metadata.occurredAt,
        };
        if (!audited.has(event.type)) continue;
        pending.push(recorded);
        events += 1;
        if (pending.length === BATCH) await flush();
      }
    };

    progress(
      `audit export: writing ${fmtInt(exportEvents)} of the firm's events through the audit projection`,
    );
    const started = performance.now();
    for (const setup of dataset.setupAppends()) await add(setup.streamId, 0, setup.events);
    for (const { person, month } of dataset.ledgers()) {
      if (events >= exportEvents) break;
      let revision = 0;
      for (const batch of dataset.ledgerBatches(person, month)) {
        const news = dataset.toEvents(batch);
        await add(batch.streamId, revision, news);
        revision += news.length;
      }
      const expenses = dataset.expenseBatch(person, month);
      if (expenses) await add(expenses.streamId, revision, expenses.events);
    }
    await flush();
    const seconds = (performance.now() - started) / 1000;
    await sql`analyze ${sql.id(schema, 'entries')}`.execute(db);
    progress(`  ${fmtInt(events)} events in ${seconds.toFixed(0)} s`);

    const measured = await measureAuditExports(db, database.url, exportEvents);
    for (const e of measured.exports) {
      rssGoal(
        sink,
        `audit export of ${fmtInt(measured.events)} events (${e.format}): peak RSS`,
        e.peakRssBytes,
      );
      sink.notes.push(
        `audit export (${e.format}): the firm's first ${fmtInt(events)} audited events (setup, then ledgers in order) written to rm_audit ` +
          `by applyAuditBatch in ${seconds.toFixed(0)} s; the search "every event from ${measured.from} on" (${fmtInt(measured.events)} events) ` +
          `exported through ExportAuditHandler (keyset pages into writeAuditExport) into a counting sink in a child process of its own: ` +
          `${e.seconds.toFixed(1)} s, ${fmtMb(e.bytes)}${e.lines >= 0 ? `, ${fmtInt(e.lines)} data lines (one per changed field)` : ''}, ` +
          `peak RSS ${fmtMb(e.peakRssBytes)} (start-up included; ${fmtMb(e.startRssBytes)} before the export started).`,
      );
    }
  } finally {
    await database.drop();
  }
}
