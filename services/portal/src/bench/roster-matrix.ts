import { performance } from 'node:perf_hooks';
import type { RosterMatrix } from '@portal/contracts';
import type { PortalProcess } from './idle';
import { percentile, type LatencySummary } from './measure';

/**
 * The roster screen's first load on the firm's size (issue 9): GET /api/roster with no filter,
 * every active person by every active project, one request after another as one admin's browser
 * asks, through the portal's real HTTP endpoint (answer parsed, as the browser does).
 */

export interface RosterMatrixFigures extends LatencySummary {
  readonly failures: number;
  readonly people: number;
  readonly projects: number;
  readonly pairs: number;
  readonly bytes: number;
}

const RUNS = 60;
const WARMUP = 5;

export async function benchRosterMatrix(portal: PortalProcess, token: string): Promise<RosterMatrixFigures> {
  const samples: number[] = [];
  let failures = 0;
  let last: RosterMatrix | undefined;
  let bytes = 0;
  for (let run = -WARMUP; run < RUNS; run++) {
    const started = performance.now();
    const answer = await fetch(`${portal.baseUrl}/api/roster`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await answer.text();
    const body = answer.ok ? (JSON.parse(text) as RosterMatrix) : undefined;
    const elapsed = performance.now() - started;
    if (run < 0) continue;
    samples.push(elapsed);
    if (!body) failures += 1;
    last = body ?? last;
    bytes = text.length;
  }
  samples.sort((a, b) => a - b);
  return {
    runs: samples.length,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    maxMs: samples.at(-1) ?? Number.NaN,
    failures,
    people: last?.people.length ?? 0,
    projects: last?.projects.length ?? 0,
    pairs: last?.allowed.reduce((sum, list) => sum + list.length, 0) ?? 0,
    bytes,
  };
}
