import type { RosterMatrix } from '@portal/contracts';
import type { PortalProcess } from './idle';
import { measureLatency, type LatencySummary } from './measure';

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

/** `runs` requests one after another, after `warmup` untimed ones. */
export async function benchRosterMatrix(
  portal: PortalProcess,
  token: string,
  runs: number,
  warmup: number,
): Promise<RosterMatrixFigures> {
  let failures = 0;
  let last: RosterMatrix | undefined;
  let bytes = 0;
  const latency = await measureLatency(runs, warmup, async (run) => {
    const answer = await fetch(`${portal.baseUrl}/api/roster`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await answer.text();
    const body = answer.ok ? (JSON.parse(text) as RosterMatrix) : undefined;
    if (run < 0) return; // a warm-up run
    if (!body) failures += 1;
    last = body ?? last;
    bytes = text.length;
  });
  return {
    ...latency,
    failures,
    people: last?.people.length ?? 0,
    projects: last?.projects.length ?? 0,
    pairs: last?.allowed.reduce((sum, list) => sum + list.length, 0) ?? 0,
    bytes,
  };
}
