import { DomainError } from '../../kernel/domain-error';
import { isOperatorPath } from './operator-routes';
import { commandsTotal, countCommand } from './metrics';
import { requestFields } from './log-options';

class ApproveThingsCommand {}

async function commandCount(outcome: string): Promise<number> {
  const metric = await commandsTotal.get();
  const found = metric.values.find(
    (v) => v.labels.command === 'ApproveThingsCommand' && v.labels.outcome === outcome,
  );
  return found?.value ?? 0;
}

describe('portal_commands_total', () => {
  it('counts each command by its type and how it ended: succeeded, the refusal code, or failed', async () => {
    const command = new ApproveThingsCommand();
    await expect(countCommand(command, async () => 'ok')).resolves.toBe('ok');
    await expect(
      countCommand(command, async () => {
        throw DomainError.conflict('Someone approved it first.');
      }),
    ).rejects.toThrow('Someone approved it first.');
    await expect(
      countCommand(command, () => {
        throw DomainError.forbidden();
      }),
    ).rejects.toBeInstanceOf(DomainError);
    await expect(
      countCommand(command, async () => {
        throw new Error('connection reset');
      }),
    ).rejects.toThrow('connection reset');

    expect(await commandCount('succeeded')).toBe(1);
    expect(await commandCount('conflict')).toBe(1);
    expect(await commandCount('forbidden')).toBe(1);
    expect(await commandCount('failed')).toBe(1);
  });
});

describe('operator routes', () => {
  it('are /health/live, /health/ready and /metrics, with or without a query or a trailing slash', () => {
    for (const path of ['/health/live', '/health/ready', '/metrics', '/metrics?x=1', '/health/ready/']) {
      expect(isOperatorPath(path)).toBe(true);
    }
    for (const path of ['/api/metrics', '/health', '/metricsx', '/timesheets']) {
      expect(isOperatorPath(path)).toBe(false);
    }
  });
});

describe('the log fields of a request', () => {
  const principal = { staffId: 7, name: 'Dana Developer' } as never;

  it('name the signed-in person by staff id only, and the command context correlation id', () => {
    const commandContext = { correlationId: 'corr-1' } as never;
    expect(requestFields({ principal, commandContext, headers: { 'x-correlation-id': 'other' } })).toEqual({
      actorId: '7',
      correlationId: 'corr-1',
    });
  });

  it('fall back to a well-formed X-Correlation-Id, and leave out what is unknown or malformed', () => {
    expect(requestFields({ headers: { 'x-correlation-id': 'corr-2' } })).toEqual({ correlationId: 'corr-2' });
    expect(requestFields({ headers: { 'x-correlation-id': 'has spaces <script>' } })).toEqual({});
  });
});
