import { apiRequest } from '../../lib/api';
import { uploadFile } from '../../lib/downloads';
import type { OutboxTransport } from './outbox';

/** The routes a queued entry may call: the timesheet batch and the three expense claims. */
export const OUTBOX_PATHS = [
  '/api/timesheets',
  '/api/expenses',
  '/api/expenses/per-diem',
  '/api/expenses/accommodation',
] as const;

export type OutboxPath = (typeof OUTBOX_PATHS)[number];

function isOutboxPath(path: string): path is OutboxPath {
  return (OUTBOX_PATHS as readonly string[]).includes(path);
}

/**
 * The app's way to the server: the same calls the forms make (bearer token, a renewed session on
 * a 401, the server's message and field problems as an ApiError), under the entry's own keys.
 */
export const appTransport: OutboxTransport = {
  async uploadReceipt(file) {
    const receipt = new File([file.bytes], file.name, { type: file.type });
    const answer = await uploadFile('/api/expenses/receipts', receipt, undefined, file.idempotencyKey);
    return answer.receiptId;
  },
  post(path, body, idempotencyKey) {
    if (!isOutboxPath(path)) throw new Error(`The outbox does not send to ${path}`);
    // The body was checked by the form's schema when it was queued; the server checks it again.
    const options = { body, idempotencyKey } as never;
    return apiRequest('POST', path, options);
  },
};
