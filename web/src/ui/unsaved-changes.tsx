import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './dialog';

/**
 * While `when` holds (a page has unsaved changes), leaving is not silent: the portal's links stop
 * at 'Leave without saving' (Leave / Stay), and the browser asks before closing or reloading.
 */
export function LeaveWithoutSavingGuard({ when, message }: { when: boolean; message: string }) {
  const leaving = useBlocker(when);
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return (
    <ConfirmDialog
      title="Leave without saving"
      isOpen={leaving.state === 'blocked'}
      confirmLabel="Leave"
      cancelLabel="Stay"
      tone="danger"
      onCancel={() => leaving.reset?.()}
      onConfirm={() => leaving.proceed?.()}
    >
      <p>{message}</p>
    </ConfirmDialog>
  );
}

/** 'Discard changes' (Yes / No) before unsaved changes are dropped. */
export function DiscardChangesDialog({
  isOpen,
  message,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  message: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      title="Discard changes"
      isOpen={isOpen}
      confirmLabel="Yes"
      cancelLabel="No"
      tone="danger"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>{message}</p>
    </ConfirmDialog>
  );
}

/**
 * Reports to the page whether a form's draft differs from what it started with (or last saved), and
 * that it is clean once the form is gone. `saved(draft)` makes that draft the new starting point.
 */
export function useDirtyReport<T>(draft: T, onDirtyChange?: (dirty: boolean) => void) {
  const [start, saved] = useState(draft);
  const dirty = JSON.stringify(draft) !== JSON.stringify(start);
  const report = useRef(onDirtyChange);
  useEffect(() => {
    report.current = onDirtyChange;
  });
  useEffect(() => report.current?.(dirty), [dirty]);
  useEffect(() => () => report.current?.(false), []);
  return { dirty, saved };
}

/**
 * For a page that swaps one form for another (choosing another row): `guard(run)` runs at once when
 * nothing is unsaved, and otherwise asks 'Discard changes' first. Leaving the page asks too.
 */
export function useDiscardGuard(message: string) {
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<{ run: () => void } | null>(null);
  const guard = (run: () => void) => (dirty ? setPending({ run }) : run());
  const dialogs = (
    <>
      <LeaveWithoutSavingGuard when={dirty} message={message} />
      <DiscardChangesDialog
        isOpen={pending !== null}
        message={message}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          setPending(null);
          setDirty(false);
          pending?.run();
        }}
      />
    </>
  );
  return { setDirty, guard, dialogs };
}
