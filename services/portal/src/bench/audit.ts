import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { endOfMonth, type AuditExportFormat, type AuditHistory, type AuditPage } from '@portal/contracts';
import { sql } from 'kysely';
import type { Database } from '../platform/database/database';
import { verifyEventChains } from '../platform/event-store/chain-verifier';
import type { AuditExportFigures } from './audit-export-run';
import { Random } from './dataset';
import type { PortalProcess } from './idle';
import { latencyGoals, rssGoal, type BenchSink } from './goals';
import { fmtInt, fmtMb, measureLatency, progress, type LatencySummary } from './measure';

/**
 * The audit's figures on the firm (issue 11), with the portal (a child process) caught up on the
 * firm's log, its `audit` projection included: the search over one month (first page, newest
 * first) and one entity's full history through GET /api/audit/events and /api/audit/history; the
 * export of a search of 1,000,000 audited events (BENCH_AUDIT_EVENTS) through ExportAuditHandler
 * (the handler behind GET /api/audit/export) in a child process of its own
 * (bench/audit-export-child.ts), whose peak RSS is the figure; and the hash-chain check of the
 * firm's whole log.
 */

/** The entities with the longest histories, asked in turn (the worst case of the history). */
const HISTORY_ENTITIES = 20;

export interface AuditFigures {
  readonly searchMonth: LatencySummary & { readonly failures: number; readonly rows: number };
  readonly searchPersonMonth: LatencySummary & { readonly failures: number; readonly rows: number };
  readonly history: LatencySummary & { readonly failures: number; readonly longest: number };
  /** The untimed requests before each figure's timed ones. */
  readonly warmup: number;
  readonly rows: number;
  readonly exportEvents: number;
  readonly exportFrom: string;
  readonly exports: readonly AuditExportFigures[];
  readonly verify: { readonly events: number; readonly seconds: number; readonly ok: boolean };
}

function exportInChild(format: AuditExportFormat, databaseUrl: string, from: string) {
  return new Promise<AuditExportFigures>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(__dirname, 'audit-export-child.js'), format, databaseUrl, from],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`The audit ${format} export child exited with ${code}`));
      try {
        resolve(JSON.parse(stdout) as AuditExportFigures);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/**
 * The export of a search of `exportEvents` audited events, 1,000,000 in the full bench (every event
 * from the instant of the 1,000,000th newest on), as CSV then xlsx, each in a child process of its own.
 */
export async function measureAuditExports(
  db: Database,
  databaseUrl: string,
  exportEvents: number,
): Promise<{ events: number; from: string; exports: AuditExportFigures[] }> {
  const rm = sql.id('rm_audit', 'entries');
  const edge = await sql<{ at: Date }>`
    select occurred_at as at from ${rm} order by occurred_at desc, seq desc
     offset ${exportEvents - 1} limit 1`.execute(db);
  const from = edge.rows[0] ? new Date(edge.rows[0].at).toISOString() : '2000-01-01T00:00:00.000Z';
  const matched = await sql<{ n: string }>`
    select count(*)::text as n from ${rm} where occurred_at >= ${new Date(from)}`.execute(db);
  const events = Number(matched.rows[0]?.n ?? 0);
  const measured: AuditExportFigures[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    progress(`audit: export of ${fmtInt(events)} events (${format}) in a child process`);
    const figures = await exportInChild(format, databaseUrl, from);
    progress(
      `  ${format}: ${figures.seconds.toFixed(1)} s, ${fmtMb(figures.bytes)}, peak RSS ${fmtMb(figures.peakRssBytes)} (${fmtMb(figures.startRssBytes)} before the export)`,
    );
    measured.push(figures);
  }
  return { events, from, exports: measured };
}

export async function benchAudit(
  portal: PortalProcess,
  token: string,
  db: Database,
  databaseUrl: string,
  months: readonly string[],
  people: readonly { readonly staffId: number }[],
  /** Requests per figure (after `warmup` untimed ones), and the events the export needs. */
  sizes: { readonly runs: number; readonly warmup: number; readonly exportEvents: number },
): Promise<AuditFigures> {
  const { runs, warmup, exportEvents } = sizes;
  const rm = sql.id('rm_audit', 'entries');
  const total = await sql<{ n: string }>`select count(*)::text as n from ${rm}`.execute(db);
  const rows = Number(total.rows[0]?.n ?? 0);
  progress(`audit: ${fmtInt(rows)} rows in rm_audit.entries`);
  const random = new Random('bench-audit');

  const search = async (withPerson: boolean) => {
    let failures = 0;
    let found = 0;
    const latency = await measureLatency(runs, warmup, async (run) => {
      const month = random.pick(months);
      const from = `${month}-01T00:00:00.000Z`;
      const to = `${endOfMonth(`${month}-01`)}T23:59:59.999Z`;
      const person = withPerson ? `&person=${random.pick(people).staffId}` : '';
      const answer = await portal.json<AuditPage>(
        'GET',
        `/api/audit/events?from=${from}&to=${to}${person}`,
        token,
      );
      if (run < 0) return;
      if (answer.status !== 200 && failures++ === 0)
        progress(`audit search answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      found += answer.body?.entries?.length ?? 0;
    });
    return { ...latency, failures, rows: found / runs };
  };
  progress('audit: search over one month (first page), one client');
  const searchMonth = await search(false);
  progress('audit: search of one person over one month (first page), one client');
  const searchPersonMonth = await search(true);

  progress(`audit: the ${HISTORY_ENTITIES} entities with the longest histories`);
  const longest = await sql<{ entity_kind: string; entity_id: string; n: number }>`
    select entity_kind, entity_id, count(*)::int as n from ${rm}
     group by entity_kind, entity_id order by n desc limit ${HISTORY_ENTITIES}`.execute(db);
  if (longest.rows.length === 0)
    throw new Error('audit: rm_audit.entries holds no entity to ask the history of');
  let historyFailures = 0;
  const history = await measureLatency(runs, warmup, async (run) => {
    const entity = longest.rows[(run + warmup + runs) % longest.rows.length];
    const answer = await portal.json<AuditHistory>(
      'GET',
      `/api/audit/history?entityKind=${entity.entity_kind}&entityId=${encodeURIComponent(entity.entity_id)}`,
      token,
    );
    if (run >= 0 && answer.status !== 200 && historyFailures++ === 0)
      progress(`audit history answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  });

  const exported =
    rows >= exportEvents
      ? await measureAuditExports(db, databaseUrl, exportEvents)
      : // A firm made smaller for a trial holds fewer: the `audit` part measures the export on its own.
        { events: 0, from: '', exports: [] };

  progress('audit: the hash chains of the firm log');
  const verifyStarted = performance.now();
  const verified = await verifyEventChains(db);
  const verify = {
    events: verified.checkedEvents,
    seconds: (performance.now() - verifyStarted) / 1000,
    ok: verified.ok,
  };
  return {
    searchMonth,
    searchPersonMonth,
    history: { ...history, failures: historyFailures, longest: longest.rows[0]?.n ?? 0 },
    warmup,
    rows,
    exportEvents: exported.events,
    exportFrom: exported.from,
    exports: exported.exports,
    verify,
  };
}

/** What the audit reports into: the bench's goals table, its latency table and its notes. */
export type AuditSink = BenchSink;

export function reportAudit(sink: AuditSink, a: AuditFigures): void {
  const { searchMonth, searchPersonMonth, history } = a;
  latencyGoals(sink, [
    ['audit search over one month (first page): p95', searchMonth.p95Ms, 300, searchMonth.failures],
    [
      'audit search, one person over one month: p95',
      searchPersonMonth.p95Ms,
      300,
      searchPersonMonth.failures,
    ],
    ["one entity's full audit history: p95", history.p95Ms, 50, history.failures],
  ]);
  for (const e of a.exports)
    rssGoal(sink, `audit export of ${fmtInt(a.exportEvents)} events (${e.format}): peak RSS`, e.peakRssBytes);
  sink.goals.add(
    'hash-chain verify of the firm log',
    `${fmtInt(a.verify.events)} events in ${a.verify.seconds.toFixed(1)} s, ${a.verify.ok ? 'intact' : 'BROKEN'}`,
    'intact',
    a.verify.ok,
  );
  sink.query(
    'HTTP audit search, one month, 1 client',
    a.searchMonth,
    `${a.searchMonth.rows.toFixed(0)} entries`,
  );
  sink.query(
    'HTTP audit search, person + month, 1 client',
    a.searchPersonMonth,
    `${a.searchPersonMonth.rows.toFixed(0)} entries`,
  );
  sink.query('HTTP audit history, 1 client', a.history, `up to ${a.history.longest} entries`);
  sink.notes.push(
    `audit: on the review loop's firm (${fmtInt(a.rows)} rows in rm_audit.entries, the portal's audit projection caught up); ` +
      `searches GET /api/audit/events with from/to spanning a random month (and a random person), first page of 50, newest first; ` +
      `history GET /api/audit/history of the ${HISTORY_ENTITIES} entities with the most entries in turn; ${a.searchMonth.runs} requests each after ${a.warmup} untimed ones. ` +
      `Failed answers: search ${a.searchMonth.failures}, person search ${a.searchPersonMonth.failures}, history ${a.history.failures}.`,
    ...a.exports.map(
      (e) =>
        `audit export (${e.format}): every event from ${a.exportFrom} on (${fmtInt(a.exportEvents)} events), through ` +
        `ExportAuditHandler (keyset pages into writeAuditExport) into a counting sink, in a child process of its own: ` +
        `${e.seconds.toFixed(1)} s, ${fmtMb(e.bytes)}${e.lines >= 0 ? `, ${fmtInt(e.lines)} data lines` : ''}, peak RSS ${fmtMb(e.peakRssBytes)} ` +
        `(${fmtMb(e.startRssBytes)} before the export started).`,
    ),
  );
}
