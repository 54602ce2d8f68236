import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * Timing, memory and formatting helpers of the bench. Figures only: nothing here decides
 * whether a number is good enough.
 */

/** Samples process RSS every few milliseconds and keeps the peak of the current phase. */
export class RssSampler {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = 20) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  sample(): void {
    const rss = process.memoryUsage().rss;
    if (rss > this.peak) this.peak = rss;
  }

  /** Starts a new phase: the peak restarts from the current RSS. */
  reset(): void {
    this.peak = 0;
    this.sample();
  }

  /** Peak RSS (bytes) since the last reset, including now. */
  peakBytes(): number {
    this.sample();
    return this.peak;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * A memory figure of a process from /proc (Linux): VmRSS (now) or VmHWM (its peak so far), in
 * bytes; 0 when it cannot be read.
 */
export function procMemoryBytes(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** What the bench's report takes for a throughput figure (bench/run.ts's Report). */
export interface FigureSink {
  /** `peakRssBytes`: the figure's own peak (e.g. of a child process) instead of the bench process's. */
  rate(
    label: string,
    amount: number,
    unit: string,
    seconds: number,
    detail?: string,
    peakRssBytes?: number,
  ): void;
}

export interface Timed<T> {
  readonly result: T;
  readonly seconds: number;
}

export async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  const result = await work();
  return { result, seconds: (performance.now() - started) / 1000 };
}

export interface LatencySummary {
  readonly runs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Runs `work` `warmup` times untimed, then `runs` times timed one after the other. */
export async function measureLatency(
  runs: number,
  warmup: number,
  work: (run: number) => Promise<unknown>,
): Promise<LatencySummary> {
  for (let i = 0; i < warmup; i++) await work(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    runs,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    maxMs: samples[samples.length - 1] ?? Number.NaN,
  };
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const fmtInt = (n: number): string => integer.format(n);
export const fmtSeconds = (s: number): string => `${oneDecimal.format(s)} s`;
export const fmtMs = (ms: number): string => `${twoDecimals.format(ms)} ms`;
export const fmtMb = (bytes: number): string => `${integer.format(bytes / (1024 * 1024))} MB`;
export const fmtRate = (count: number, seconds: number, unit: string): string =>
  `${integer.format(seconds > 0 ? count / seconds : 0)} ${unit}/s`;

/** A plain text table: the first row is the header, columns padded to their widest cell. */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]), rule, ...rows.slice(1).map(line)].join('\n');
}

/** Progress for a person watching the run; stderr, so stdout holds only the figures. */
export function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
