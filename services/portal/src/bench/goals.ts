import { fmtMb, type LatencySummary } from './measure';

/**
 * What a part of the bench reports into (bench/run.ts's Report): the goals table, the latency
 * table and the notes; and the two kinds of goal the parts share.
 */
export interface BenchSink {
  readonly goals: { add(figure: string, value: string, goal: string, ok: boolean | null): void };
  readonly notes: string[];
  query(label: string, summary: LatencySummary, rowsPerRun: string): void;
}

const MB = 1024 * 1024;

/** A latency in milliseconds as the goals table shows it. */
export const ms = (value: number): string => `${value.toFixed(1)} ms`;

/**
 * A latency goal: the figure, its value (a p95 or a max, in ms), its limit in ms, how many requests
 * failed, and how the table states the limit (`<= {limit} ms` unless given).
 */
export type LatencyGoal = readonly [
  figure: string,
  valueMs: number,
  limitMs: number,
  failures: number,
  goal?: string,
];

/** Adds each latency goal in turn: met when the value is within its limit and no request failed. */
export function latencyGoals(sink: Pick<BenchSink, 'goals'>, goals: readonly LatencyGoal[]): void {
  for (const [figure, valueMs, limitMs, failures, goal = `<= ${limitMs} ms`] of goals)
    sink.goals.add(figure, ms(valueMs), goal, failures === 0 && valueMs <= limitMs);
}

/** A memory goal (a process's RSS, or an export's peak RSS): at most 200 MB. */
export function rssGoal(sink: Pick<BenchSink, 'goals'>, figure: string, rssBytes: number): void {
  sink.goals.add(figure, fmtMb(rssBytes), '<= 200 MB', rssBytes <= 200 * MB);
}
