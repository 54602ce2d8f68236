import type { ReactNode } from 'react';
import { Button } from './button';

export interface FormActionsProps {
  /** The form's own class for the row (its place in the form's layout). */
  readonly className: string;
  readonly submitLabel: string;
  readonly isPending: boolean;
  /** Held back (nothing to send yet, a file still uploading). */
  readonly isDisabled?: boolean;
  /** Leaves the form without saving; held while it saves. */
  readonly onCancel?: () => void;
  readonly cancelLabel?: string;
  /** What else the form offers, after Cancel (Delete...) or a note. */
  readonly children?: ReactNode;
}

/** A form's buttons: submit (busy while it sends), then Cancel when the form can be left. */
export function FormActions({
  className,
  submitLabel,
  isPending,
  isDisabled,
  onCancel,
  cancelLabel = 'Cancel',
  children,
}: FormActionsProps) {
  return (
    <div className={className}>
      <Button type="submit" isPending={isPending} isDisabled={isDisabled}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="secondary" onPress={onCancel} isDisabled={isPending}>
          {cancelLabel}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
