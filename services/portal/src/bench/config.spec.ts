import { describe, expect, it } from '@jest/globals';
import { BENCH_PARTS, benchConfig, type BenchConfig } from './config';

function config(env: Record<string, string>, parts?: string): BenchConfig {
  const answer = benchConfig(env, parts);
  if ('error' in answer) throw new Error(answer.error);
  return answer;
}

describe('the bench configuration', () => {
  it('runs every part at the full figures by default (`npm run bench`)', () => {
    const full = config({});
    expect(full.smoke).toBe(false);
    expect([...full.parts]).toEqual([...BENCH_PARTS]);
    expect(full).toMatchObject({
      people: 200,
      firm: { people: 1200, months: 29, projects: 1500 },
      loadSeconds: 15,
      loadConnections: 50,
      auditEvents: 1_000_000,
      rosterChanges: 50_000,
      exportRows: 100_000,
      historyRows: 100_000,
      zipReceipts: 500,
      ocrPhotos: 60,
      idleSeconds: 45,
      idleSettleSeconds: 15,
      idleEmbeddedSeed: true,
      rywRuns: 100,
      lcpRuns: 5,
    });
    expect(config({ BENCH_SMOKE: '0' }).smoke).toBe(false);
  });

  it('runs every part at its smallest with BENCH_SMOKE=1', () => {
    const smoke = config({ BENCH_SMOKE: '1' });
    expect(smoke.smoke).toBe(true);
    expect([...smoke.parts]).toEqual([...BENCH_PARTS]);
    expect(smoke).toMatchObject({
      people: 5,
      firm: { people: 12, months: 2, projects: 10 },
      loadSeconds: 1,
      auditEvents: 1000,
      rosterChanges: 500,
      exportRows: 300,
      historyRows: 200,
      zipReceipts: 5,
      ocrPhotos: 2,
      idleSeconds: 2,
      idleSettleSeconds: 1,
      idleEmbeddedSeed: false,
    });
    expect(smoke.loadConnections).toBeLessThanOrEqual(2);
    expect(smoke.rywRuns).toBeLessThanOrEqual(10);
    expect(smoke.lcpRuns).toBe(1);
  });

  it('lets a BENCH_* variable win over either default, and the parts argument over BENCH_PARTS', () => {
    const env = { BENCH_SMOKE: '1', BENCH_FIRM_PEOPLE: '30', BENCH_AUDIT_EVENTS: '5000', BENCH_PARTS: 'log' };
    const smoke = config(env, 'review, audit');
    expect(smoke.firm).toEqual({ people: 30, months: 2, projects: 10 });
    expect(smoke.auditEvents).toBe(5000);
    expect([...smoke.parts]).toEqual(['review', 'audit']);
    expect([...config(env).parts]).toEqual(['log']);
    expect(config({ BENCH_IDLE_SECONDS: '60' }).idleSeconds).toBe(60);
  });

  it('refuses an idle watch under 5 s but for the smoke, and names every bad value', () => {
    expect(benchConfig({ BENCH_IDLE_SECONDS: '2' })).toEqual({
      error: 'BENCH_IDLE_SECONDS must be a whole number of at least 5 (got 2)',
    });
    expect(config({ BENCH_SMOKE: '1', BENCH_IDLE_SECONDS: '3' }).idleSeconds).toBe(3);
    expect(benchConfig({ BENCH_PEOPLE: '0', BENCH_EXPORT_ROWS: 'many' }, 'log,idel')).toEqual({
      error:
        'unknown bench part(s) idel (the parts: web, lcp, log, queries, review, audit, imports, roster, exports, ocr, idle); ' +
        'BENCH_PEOPLE must be a whole number of at least 1 (got 0); ' +
        'BENCH_EXPORT_ROWS must be a whole number of at least 1 (got many)',
    });
  });
});
