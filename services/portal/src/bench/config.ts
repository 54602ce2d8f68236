/**
 * The sizes of `npm run bench`, read from the environment once. By default the full figures (the
 * goals are judged on them); with BENCH_SMOKE=1 (`npm run bench:smoke`, which `npm test` runs)
 * every part at its smallest, through the same code, so the bench itself keeps working: a few
 * people, a tiny firm, a few hundred rows, seconds of idle and of load. A BENCH_* variable given
 * wins over either default.
 */

export const BENCH_PARTS = [
  'web',
  'lcp',
  'log',
  'queries',
  'review',
  'audit',
  'imports',
  'roster',
  'exports',
  'ocr',
  'idle',
] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

export interface BenchConfig {
  /** BENCH_SMOKE=1: every part at its smallest; the figures are printed, not judged. */
  readonly smoke: boolean;
  readonly parts: ReadonlySet<BenchPart>;
  /** The log part's people (a year of their timesheets). */
  readonly people: number;
  /** Runs of each in-process query, after untimed warm-up runs. */
  readonly queryRuns: number;
  readonly queryWarmup: number;
  /** The review loop's and the audit part's firm. */
  readonly firm: { readonly people: number; readonly months: number; readonly projects: number };
  /** Each HTTP load (autocannon) of the review loop: its length and its concurrent clients. */
  readonly loadSeconds: number;
  readonly loadConnections: number;
  /** Requests of each one-client HTTP figure of the review loop (grid, roster), after untimed warm-ups. */
  readonly httpRuns: number;
  readonly httpWarmup: number;
  /** Requests of each audit figure (search, person search, history), after the same warm-ups. */
  readonly auditRuns: number;
  /** Audited events the audit part writes and exports (the review part exports when its firm holds as many). */
  readonly auditEvents: number;
  /** The roster part: changes already in the one roster stream, and the saves timed after them. */
  readonly rosterChanges: number;
  readonly rosterSaves: number;
  /** The expense export's rows and the receipts zip's files. */
  readonly exportRows: number;
  readonly zipReceipts: number;
  /** Timesheet history rows the imports part uploads (its own portal process, after the roster). */
  readonly historyRows: number;
  /** The synthetic receipt photos the ocr part reads (BENCH_OCR_PHOTOS). */
  readonly ocrPhotos: number;
  /** The portal watched at rest, after it settled for `idleSettleSeconds`. */
  readonly idleSeconds: number;
  readonly idleSettleSeconds: number;
  /** The embedded portal (PGlite) with its default demo seed; the smoke starts it empty. */
  readonly idleEmbeddedSeed: boolean;
  /** Read-your-writes: commands then queries, after untimed warm-up runs. */
  readonly rywRuns: number;
  readonly rywWarmup: number;
  /** Cold loads of /timesheets/create on a throttled phone (bench/lcp.ts); the figure is their median. */
  readonly lcpRuns: number;
}

type Sizes = Omit<BenchConfig, 'smoke' | 'parts'>;

/** `npm run bench`: the figures the goals are judged on. */
const FULL: Sizes = {
  people: 200,
  queryRuns: 200,
  queryWarmup: 20,
  firm: { people: 1200, months: 29, projects: 1500 },
  loadSeconds: 15,
  loadConnections: 50,
  httpRuns: 60,
  httpWarmup: 5,
  auditRuns: 40,
  auditEvents: 1_000_000,
  rosterChanges: 50_000,
  rosterSaves: 200,
  exportRows: 100_000,
  historyRows: 100_000,
  zipReceipts: 500,
  ocrPhotos: 60,
  idleSeconds: 45,
  // Started, seeded and caught up well within this, and long enough for PostgreSQL to have counted
  // the start-up (an idle backend reports its statistics up to 10 s late).
  idleSettleSeconds: 15,
  idleEmbeddedSeed: true,
  rywRuns: 100,
  rywWarmup: 10,
  lcpRuns: 5,
};

/** `npm run bench:smoke`: every part at its smallest (the audit part's firm holds more than `auditEvents`). */
const SMOKE: Sizes = {
  people: 5,
  queryRuns: 20,
  queryWarmup: 2,
  firm: { people: 12, months: 2, projects: 10 },
  loadSeconds: 1,
  loadConnections: 2,
  httpRuns: 10,
  httpWarmup: 2,
  auditRuns: 10,
  auditEvents: 1000,
  rosterChanges: 500,
  rosterSaves: 20,
  exportRows: 300,
  historyRows: 200,
  zipReceipts: 5,
  ocrPhotos: 2,
  idleSeconds: 2,
  idleSettleSeconds: 1,
  // The seed took ~12 of the embedded start's ~16 s of CPU; the PostgreSQL portal is still seeded.
  idleEmbeddedSeed: false,
  rywRuns: 10,
  rywWarmup: 2,
  lcpRuns: 1,
};

/** The least idle watch of the full bench: shorter says nothing about a portal at rest. */
const MIN_IDLE_SECONDS = 5;

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The bench's configuration from `env` (BENCH_*) and the parts argument (`npm run bench -- review`,
 * which wins over BENCH_PARTS); `{ error }` names every bad value.
 */
export function benchConfig(env: Env, partsArgument?: string): BenchConfig | { error: string } {
  const smoke = env.BENCH_SMOKE !== undefined && env.BENCH_SMOKE !== '' && env.BENCH_SMOKE !== '0';
  const base = smoke ? SMOKE : FULL;
  const problems: string[] = [];
  const count = (name: string, fallback: number, min = 1): number => {
    const text = env[name];
    if (text === undefined || text.trim() === '') return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) {
      problems.push(`${name} must be a whole number of at least ${min} (got ${text})`);
      return fallback;
    }
    return value;
  };

  const named = (partsArgument ?? env.BENCH_PARTS ?? BENCH_PARTS.join(','))
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const unknown = named.filter((part) => !(BENCH_PARTS as readonly string[]).includes(part));
  if (unknown.length > 0)
    problems.push(`unknown bench part(s) ${unknown.join(', ')} (the parts: ${BENCH_PARTS.join(', ')})`);

  const config: BenchConfig = {
    ...base,
    smoke,
    parts: new Set(named.filter((part): part is BenchPart => !unknown.includes(part))),
    people: count('BENCH_PEOPLE', base.people),
    firm: {
      people: count('BENCH_FIRM_PEOPLE', base.firm.people),
      months: count('BENCH_FIRM_MONTHS', base.firm.months),
      projects: count('BENCH_FIRM_PROJECTS', base.firm.projects),
    },
    loadSeconds: count('BENCH_LOAD_SECONDS', base.loadSeconds),
    auditEvents: count('BENCH_AUDIT_EVENTS', base.auditEvents),
    rosterChanges: count('BENCH_ROSTER_CHANGES', base.rosterChanges),
    exportRows: count('BENCH_EXPORT_ROWS', base.exportRows),
    historyRows: count('BENCH_HISTORY_ROWS', base.historyRows),
    zipReceipts: count('BENCH_ZIP_RECEIPTS', base.zipReceipts),
    ocrPhotos: count('BENCH_OCR_PHOTOS', base.ocrPhotos),
    // The smoke may watch for a second; the full bench needs a watch that says something.
    idleSeconds: count('BENCH_IDLE_SECONDS', base.idleSeconds, smoke ? 1 : MIN_IDLE_SECONDS),
  };
  return problems.length > 0 ? { error: problems.join('; ') } : config;
}
