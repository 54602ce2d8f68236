import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './button';

export interface ModalDialogProps {
  readonly title: string;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  readonly children: ReactNode;
  /** 'alertdialog' for questions that need an answer before anything happens. */
  readonly role?: 'dialog' | 'alertdialog';
  readonly size?: 'small' | 'medium' | 'large';
  readonly isDismissable?: boolean;
}

/** A modal with a titled dialog; Escape and (if dismissable) a click outside close it. */
export function ModalDialog({
  title,
  isOpen,
  onOpenChange,
  children,
  role = 'dialog',
  size = 'medium',
  isDismissable = true,
}: ModalDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="modal-overlay"
    >
      <Modal className={`modal modal--${size}`}>
        <Dialog role={role} className="dialog">
          <Heading slot="title" className="dialog__title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export interface ConfirmDialogProps {
  readonly title: string;
  readonly isOpen: boolean;
  readonly children: ReactNode;
  readonly confirmLabel: string;
  readonly cancelLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly tone?: 'primary' | 'danger';
  readonly isPending?: boolean;
}

/** A question with two answers; closing it any other way counts as the cancel answer. */
export function ConfirmDialog({
  title,
  isOpen,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'primary',
  isPending,
}: ConfirmDialogProps) {
  return (
    <ModalDialog
      title={title}
      isOpen={isOpen}
      onOpenChange={(open) => !open && onCancel()}
      role="alertdialog"
      size="small"
    >
      <div className="dialog__body">{children}</div>
      <DialogActions cancelLabel={cancelLabel} onCancel={onCancel}>
        <Button variant={tone} onPress={onConfirm} isPending={isPending} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

export interface DialogActionsProps {
  /** The way out: 'Close' unless the dialog asks something ('Cancel', 'No'). */
  readonly cancelLabel?: string;
  readonly onCancel: () => void;
  /** The dialog's own actions, after the way out. */
  readonly children?: ReactNode;
}

/** A dialog's buttons at its foot: the way out first, then what the dialog does. */
export function DialogActions({ cancelLabel = 'Close', onCancel, children }: DialogActionsProps) {
  return (
    <div className="dialog__actions">
      <Button variant="secondary" onPress={onCancel}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
