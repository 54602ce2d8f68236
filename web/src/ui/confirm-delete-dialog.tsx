import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { ConfirmDialog } from './dialog';
import { showToast } from './toast';

export interface ConfirmDeleteDialogProps<T> {
  readonly title: string;
  /** The row to delete; null while closed. */
  readonly row: T | null;
  readonly question: (row: T) => ReactNode;
  /** Sends the deletion; resolves when done, rejects with the failure. */
  readonly onDelete: (row: T) => Promise<unknown>;
  readonly isPending: boolean;
  readonly deletedMessage: string;
  /** Shown when the server gives no message of its own. */
  readonly failedMessage?: string;
  readonly onClose: () => void;
}

/** Yes/No before a saved row is deleted; says how it went and closes either way. */
export function ConfirmDeleteDialog<T>({
  title,
  row,
  question,
  onDelete,
  isPending,
  deletedMessage,
  failedMessage,
  onClose,
}: ConfirmDeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      title={title}
      isOpen={row !== null}
      confirmLabel="Yes"
      cancelLabel="No"
      tone="danger"
      isPending={isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (row === null) return;
        onDelete(row).then(
          () => {
            showToast(deletedMessage, 'success');
            onClose();
          },
          (error: unknown) => {
            showToast(errorMessage(error, failedMessage), 'danger');
            onClose();
          },
        );
      }}
    >
      {row !== null ? <p>{question(row)}</p> : null}
    </ConfirmDialog>
  );
}
