import 'fake-indexeddb/auto';
import { describe, expect, it } from '@jest/globals';
import { pinnedInstant } from '../../../../e2e/support/test-now';
import { ApiError, REQUEST_NOT_PROCESSED } from '../../lib/api';
import { Outbox, type OutboxTransport } from './outbox';
import { type OutboxRequest, OutboxStore } from './outbox-store';

const ANA = 7;
const BEN = 8;

interface Call {
  readonly what: 'upload' | 'post';
  readonly path: string;
  readonly key: string;
  readonly body?: unknown;
}

/**
 * A server stand-in: records every call and answers each path with the next of its scripted
 * answers ('ok', 'offline', or a status with a message), 'ok' once the script is used up.
 */
function fakeServer(script: Record<string, (number | 'ok' | 'offline')[]> = {}) {
  const calls: Call[] = [];
  const answer = (path: string) => {
    const next = script[path]?.shift() ?? 'ok';
    if (next === 'offline') throw new ApiError(0, REQUEST_NOT_PROCESSED, [], false);
    if (next !== 'ok') {
      throw new ApiError(next, `Refused with ${next}.`, [{ path: 'date', message: 'The month is locked.' }]);
    }
  };
  const transport: OutboxTransport = {
    async uploadReceipt(file) {
      calls.push({ what: 'upload', path: '/api/expenses/receipts', key: file.idempotencyKey });
      answer('/api/expenses/receipts');
      return `receipt-${file.name}`;
    },
    async post(path, body, key) {
      calls.push({ what: 'post', path, key, body });
      answer(path);
      return {};
    },
  };
  return { calls, transport };
}

let databases = 0;

function outboxWith(transport: OutboxTransport) {
  const store = new OutboxStore(`outbox-test-${++databases}`);
  return { store, outbox: new Outbox(store, transport, () => pinnedInstant()) };
}

function timesheet(comment: string): OutboxRequest {
  return {
    kind: 'timesheet',
    path: '/api/timesheets',
    body: { projectId: 12, items: [{ comment }] },
    idempotencyKey: crypto.randomUUID(),
    receipt: null,
    summary: `Timesheet: ${comment}`,
  };
}

function expenseWithReceipt(comment: string): OutboxRequest {
  return {
    kind: 'expense',
    path: '/api/expenses',
    body: { comment, receiptId: null },
    idempotencyKey: crypto.randomUUID(),
    receipt: {
      name: 'lunch.pdf',
      type: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.4').buffer as ArrayBuffer,
      idempotencyKey: crypto.randomUUID(),
      receiptId: null,
    },
    summary: `Expense: ${comment}`,
  };
}

const comments = (calls: readonly Call[]) =>
  calls.map((call) => (call.body as { items?: { comment: string }[] }).items?.[0]?.comment);

describe('the offline outbox', () => {
  it('sends the entries in the order they were queued and removes each one the server took', async () => {
    const server = fakeServer();
    const { outbox } = outboxWith(server.transport);
    for (const comment of ['first', 'second', 'third']) await outbox.queue(ANA, timesheet(comment));

    const listed = await outbox.list(ANA);
    expect(listed.map((entry) => entry.summary)).toEqual([
      'Timesheet: first',
      'Timesheet: second',
      'Timesheet: third',
    ]);
    expect(listed[0]?.queuedAt).toBe(pinnedInstant().toISOString());

    const report = await outbox.flush(ANA);

    expect(comments(server.calls)).toEqual(['first', 'second', 'third']);
    expect(server.calls.map((call) => call.key)).toEqual(listed.map((entry) => entry.idempotencyKey));
    expect(report).toMatchObject({ finished: true, refused: [] });
    expect(report.sent).toHaveLength(3);
    expect(await outbox.list(ANA)).toEqual([]);
  });

  it('keeps the key across tries: no answer stops the run, and the next run sends the same entry first', async () => {
    const server = fakeServer({ '/api/timesheets': ['offline'] });
    const { outbox } = outboxWith(server.transport);
    await outbox.queue(ANA, timesheet('monday'));
    await outbox.queue(ANA, timesheet('tuesday'));

    const first = await outbox.flush(ANA);
    expect(first.finished).toBe(false);
    // Nothing is sent ahead of the entry that could not go.
    expect(comments(server.calls)).toEqual(['monday']);
    const waiting = await outbox.list(ANA);
    expect(waiting.map((entry) => [entry.summary, entry.state])).toEqual([
      ['Timesheet: monday', 'waiting'],
      ['Timesheet: tuesday', 'waiting'],
    ]);

    await outbox.flush(ANA);
    expect(comments(server.calls)).toEqual(['monday', 'monday', 'tuesday']);
    const [firstTry, secondTry] = server.calls;
    expect(secondTry?.key).toBe(firstTry?.key);
    expect(secondTry?.key).toBe(waiting[0]?.idempotencyKey);
    expect(await outbox.list(ANA)).toEqual([]);
  });

  it('keeps a 4xx with the server message and problems, sends the entries after it, and sends it again only on demand', async () => {
    const server = fakeServer({ '/api/timesheets': [423] });
    const { outbox } = outboxWith(server.transport);
    await outbox.queue(ANA, timesheet('locked month'));
    await outbox.queue(ANA, timesheet('open month'));

    const report = await outbox.flush(ANA);
    expect(report.finished).toBe(true);
    expect(comments(server.calls)).toEqual(['locked month', 'open month']);
    const [kept, ...rest] = await outbox.list(ANA);
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({
      summary: 'Timesheet: locked month',
      state: 'refused',
      answer: {
        status: 423,
        message: 'Refused with 423.',
        problems: [{ path: 'date', message: 'The month is locked.' }],
      },
    });

    // The next automatic run leaves a refused entry alone.
    await outbox.flush(ANA);
    expect(server.calls).toHaveLength(2);

    // Send now tries it again, under the key it always had; the server takes it this time.
    await outbox.flush(ANA, { retryRefused: true });
    expect(server.calls).toHaveLength(3);
    expect(server.calls[2]?.key).toBe(kept?.idempotencyKey);
    expect(await outbox.list(ANA)).toEqual([]);
  });

  it('leaves an entry waiting when the server fails (5xx) or the session ended (401)', async () => {
    const server = fakeServer({ '/api/timesheets': [503, 401] });
    const { outbox } = outboxWith(server.transport);
    await outbox.queue(ANA, timesheet('busy server'));

    expect((await outbox.flush(ANA)).finished).toBe(false);
    expect((await outbox.flush(ANA)).finished).toBe(false);
    expect((await outbox.list(ANA)).map((entry) => [entry.state, entry.answer])).toEqual([['waiting', null]]);
  });

  it('uploads a kept receipt once under its own key, then sends the expense with the receipt id', async () => {
    const server = fakeServer({ '/api/expenses': ['offline'] });
    const { outbox } = outboxWith(server.transport);
    const request = expenseWithReceipt('team lunch');
    await outbox.queue(ANA, request);

    await outbox.flush(ANA);
    const [afterFirst] = await outbox.list(ANA);
    expect(afterFirst?.receipt?.receiptId).toBe('receipt-lunch.pdf');
    await outbox.flush(ANA);

    expect(server.calls.map((call) => [call.what, call.key])).toEqual([
      ['upload', request.receipt?.idempotencyKey],
      ['post', request.idempotencyKey],
      ['post', request.idempotencyKey],
    ]);
    expect(server.calls[2]?.body).toEqual({ comment: 'team lunch', receiptId: 'receipt-lunch.pdf' });
    expect(await outbox.list(ANA)).toEqual([]);
  });

  it("lists and sends only the signed-in person's entries", async () => {
    const server = fakeServer();
    const { outbox } = outboxWith(server.transport);
    await outbox.queue(ANA, timesheet('ana'));
    await outbox.queue(BEN, timesheet('ben'));

    expect((await outbox.list(BEN)).map((entry) => entry.summary)).toEqual(['Timesheet: ben']);
    await outbox.flush(ANA);
    expect(comments(server.calls)).toEqual(['ana']);
    expect((await outbox.list(BEN)).map((entry) => entry.summary)).toEqual(['Timesheet: ben']);
  });

  it('runs once at a time: the connection returning while Send now runs sends each entry once', async () => {
    const server = fakeServer();
    const { outbox } = outboxWith(server.transport);
    await outbox.queue(ANA, timesheet('once'));

    const [a, b] = await Promise.all([outbox.flush(ANA, { retryRefused: true }), outbox.flush(ANA)]);

    expect(a).toBe(b);
    expect(comments(server.calls)).toEqual(['once']);
  });

  it('tells its listeners of every change, and a discarded entry is never sent', async () => {
    const server = fakeServer();
    const { outbox } = outboxWith(server.transport);
    let changes = 0;
    const stop = outbox.subscribe(() => changes++);
    const id = await outbox.queue(ANA, timesheet('mistake'));
    await outbox.discard(id);
    stop();

    expect(changes).toBe(2);
    await outbox.flush(ANA);
    expect(server.calls).toEqual([]);
  });
});
