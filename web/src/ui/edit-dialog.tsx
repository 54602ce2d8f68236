import { Fragment, type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '../lib/api';
import type { FieldErrors } from '../lib/form-errors';
import { Button } from './button';
import { ModalDialog, DialogActions } from './dialog';
import { showSendFailure } from './form-feedback';
import { showToast } from './toast';
import { CheckedForm } from './checked-form';

export interface EditDialogProps<T extends { readonly id: string; readonly version: number }> {
  readonly title: string;
  /** The row being edited; null while closed. */
  readonly row: T | null;
  readonly onClose: () => void;
  /** The form for the row; it starts afresh for every row and version. */
  readonly children: (row: T) => ReactNode;
}

/** The modal around a saved row's edit form. */
export function EditDialog<T extends { readonly id: string; readonly version: number }>({
  title,
  row,
  onClose,
  children,
}: EditDialogProps<T>) {
  return (
    <ModalDialog title={title} isOpen={row !== null} onOpenChange={(open) => !open && onClose()}>
      {row ? <Fragment key={`${row.id}-${row.version}`}>{children(row)}</Fragment> : null}
    </ModalDialog>
  );
}

/** The props of the form inside an edit dialog. */
export interface EditRowFormProps<T, Editor> {
  readonly row: T;
  /** Who edits the row, and what differs for them (the person their own row, an admin someone's). */
  readonly editor: Editor;
  readonly onClose: () => void;
  /** Drops the stale row and loads the list again. */
  readonly onReload: () => void;
}

export interface EditFormProps {
  readonly onSubmit: () => void;
  readonly onClose: () => void;
  readonly isPending: boolean;
  /** Set when the row changed meanwhile: says so and offers to reload. */
  readonly stale: string | null;
  readonly reloadLabel: string;
  readonly onReload: () => void;
  readonly children: ReactNode;
}

/** An edit form: the stale-version warning, the fields, then Close and Save Changes. */
export function EditForm({
  onSubmit,
  onClose,
  isPending,
  stale,
  reloadLabel,
  onReload,
  children,
}: EditFormProps) {
  return (
    <CheckedForm className="edit-form stack" onSubmit={onSubmit}>
      {stale ? (
        <div role="alert" className="alert alert--warning">
          <p>{stale}</p>
          <Button variant="secondary" onPress={onReload}>
            {reloadLabel}
          </Button>
        </div>
      ) : null}
      {children}
      <DialogActions onCancel={onClose}>
        <Button type="submit" isPending={isPending}>
          Save Changes
        </Button>
      </DialogActions>
    </CheckedForm>
  );
}

export interface EditOutcomeMessages {
  readonly updated: string;
  /** Fallback when a stale version (409) comes without a message. */
  readonly staleVersion: string;
  readonly failed: string;
  /** When set, a locked period (423) is only toasted (fallback message), not put on the fields. */
  readonly locked?: string;
}

/** What an edit form's request is sent with: the outcome's toasts, warning and field errors. */
export interface EditCallbacks {
  readonly onSuccess: () => void;
  readonly onError: (error: Error) => void;
}

/**
 * The stale-version warning of an edit form, and the callbacks for sending it: saved -> toast and
 * close; 409 -> the reload warning; otherwise the server's field problems (to `setErrors`) and a
 * toast.
 */
export function useEditOutcome(
  messages: EditOutcomeMessages,
  onClose: () => void,
  setErrors: (errors: FieldErrors) => void,
) {
  const [stale, setStale] = useState<string | null>(null);
  const callbacks: EditCallbacks = {
    onSuccess: () => {
      showToast(messages.updated, 'success');
      onClose();
    },
    onError: (error: Error) => {
      if (error instanceof ApiError && error.status === 409) {
        setStale(errorMessage(error, messages.staleVersion));
        return;
      }
      if (messages.locked !== undefined && error instanceof ApiError && error.status === 423) {
        showToast(errorMessage(error, messages.locked), 'danger');
        return;
      }
      showSendFailure(error, setErrors, messages.failed);
    },
  };
  return { stale, callbacks };
}
