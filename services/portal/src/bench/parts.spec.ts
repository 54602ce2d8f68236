import { describe, expect, it } from '@jest/globals';
import { benchExitCode, PartRunner } from './parts';

describe('the bench parts and the exit code', () => {
  it('exits 0 when every part ran, whatever it measured', async () => {
    const runner = new PartRunner(() => undefined);
    expect(await runner.run('web', () => 'figures')).toBe('figures');
    expect(await runner.run('log', async () => 42)).toBe(42);
    expect(runner.failed).toEqual([]);
    expect(runner.summary()).toEqual([]);
    expect(runner.exitCode).toBe(0);
  });

  it('exits 1 when a part throws, and still runs the parts after it', async () => {
    const logged: string[] = [];
    const runner = new PartRunner((message) => logged.push(message));
    const ran: string[] = [];
    expect(
      await runner.run('idle', async () => {
        ran.push('idle');
        throw new Error('POST /api/timesheets answered 400: Hours must be in steps of 0.1\n    at stack');
      }),
    ).toBeUndefined();
    await runner.run('exports', () => ran.push('exports'));
    runner.fail('queries', 'not run: the log part it reads failed');
    expect(ran).toEqual(['idle', 'exports']);
    expect(runner.failed.map((f) => f.part)).toEqual(['idle', 'queries']);
    expect(runner.summary()).toEqual([
      'FAILED: part idle: Error: POST /api/timesheets answered 400: Hours must be in steps of 0.1',
      'FAILED: part queries: not run: the log part it reads failed',
    ]);
    expect(logged[0]).toMatch(/^part idle FAILED: Error: POST/);
    expect(runner.exitCode).toBe(1);
  });

  it('counts failures only', () => {
    expect(benchExitCode([])).toBe(0);
    expect(benchExitCode([{ part: 'review', message: 'boom' }])).toBe(1);
  });
});
