import { useEffect } from 'react';
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
