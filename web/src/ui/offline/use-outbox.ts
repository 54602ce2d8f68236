import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../lib/current-user';
import { expensesKey } from '../../lib/expenses/get-expenses';
import { timesheetsKey } from '../../lib/timesheets/get-timesheets';
import { showToast } from '../toast';
import { type FlushReport, Outbox } from './outbox';
import { type OutboxEntry, type OutboxKind, type OutboxRequest, OutboxStore } from './outbox-store';
import { appTransport } from './outbox-transport';

/** The app's one outbox (its tabs hear each other's changes). */
export const outbox = new Outbox(new OutboxStore(), appTransport, () => new Date(), 'portal-offline-outbox');

/** Said by a form whose entry went to the outbox. */
export const KEPT_OFFLINE =
  'No connection: kept on this device under Waiting to send. It is sent when the connection returns.';

function useOwner(): number | null {
  const current = useCurrentUser();
  return current.status === 'signed-in' ? current.user.staffId : null;
}

/** The signed-in person's entries, oldest first, kept current as they change (in any tab). */
export function useOutboxEntries(): OutboxEntry[] {
  const owner = useOwner();
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    if (owner === null) {
      setEntries([]);
      return;
    }
    let live = true;
    const load = () => {
      outbox.list(owner).then(
        (list) => live && setEntries(list),
        () => live && setEntries([]),
      );
    };
    load();
    const stop = outbox.subscribe(load);
    return () => {
      live = false;
      stop();
    };
  }, [owner]);
  return entries;
}

/** Queues a request as the signed-in person's; for forms whose send found no connection. */
export function useQueueOffline(): (request: OutboxRequest) => Promise<void> {
  const owner = useOwner();
  return useCallback(
    async (request: OutboxRequest) => {
      if (owner === null) throw new Error('Nobody is signed in to keep the entry for.');
      await outbox.queue(owner, request);
      showToast(KEPT_OFFLINE, 'warning');
    },
    [owner],
  );
}

/**
 * Sends the signed-in person's entries: returns `sendNow` (Send now: the refused ones too) and,
 * placed once in the shell, sends the waiting ones when the app starts and when the connection
 * returns. What was sent reloads the lists it belongs to; `onReport` hears how each run went.
 */
export function useOutboxSending(onReport: (report: FlushReport) => void): {
  sendNow: () => Promise<FlushReport | null>;
} {
  const owner = useOwner();
  const queryClient = useQueryClient();

  const send = useCallback(
    async (retryRefused: boolean): Promise<FlushReport | null> => {
      if (owner === null) return null;
      const report = await outbox.flush(owner, { retryRefused });
      const kinds = new Set(report.sent.map((entry) => entry.kind));
      if (kinds.has('timesheet')) await queryClient.invalidateQueries({ queryKey: timesheetsKey });
      if (kinds.has('expense')) await queryClient.invalidateQueries({ queryKey: expensesKey });
      onReport(report);
      return report;
    },
    [owner, queryClient, onReport],
  );

  useEffect(() => {
    if (owner === null) return;
    const sendWaiting = () => void send(false).catch(() => undefined);
    sendWaiting();
    window.addEventListener('online', sendWaiting);
    return () => window.removeEventListener('online', sendWaiting);
  }, [owner, send]);

  return { sendNow: useCallback(() => send(true), [send]) };
}

/** The form each kind of entry is made in (where Fix opens it). */
const FORM_OF: Record<OutboxKind, string> = {
  timesheet: '/timesheets/create',
  expense: '/expenses/create',
};

interface FixState {
  readonly outboxFix?: number;
}

/** Fix: opens the entry's form with its values back in it. */
export function useFixEntry(): (entry: OutboxEntry) => void {
  const navigate = useNavigate();
  return useCallback(
    (entry: OutboxEntry) =>
      void navigate(FORM_OF[entry.kind], { state: { outboxFix: entry.id } satisfies FixState }),
    [navigate],
  );
}

/**
 * On a form: when it was opened by Fix, `apply` puts the entry's values back in it (once). The
 * entry stays waiting until the form saves (or keeps) the fixed version: `fixed()` then removes it.
 */
export function useEntryToFix(kind: OutboxKind, apply: (entry: OutboxEntry) => void): { fixed: () => void } {
  const { state } = useLocation();
  const id = (state as FixState | null)?.outboxFix;
  const fixing = useRef<number | null>(null);
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    outbox.get(id).then(
      (entry) => {
        if (!live || entry?.kind !== kind) return;
        fixing.current = entry.id;
        applyRef.current(entry);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id, kind]);
  return {
    fixed: useCallback(() => {
      const fixed = fixing.current;
      fixing.current = null;
      if (fixed !== null) void outbox.discard(fixed);
    }, []),
  };
}
