import { timesheetMessages } from '@portal/contracts';
import { ConfirmDialog } from '../dialog';

/** Asked before saving or changing a day before this week's Monday; Cancel sends nothing. */
export function LateEntryDialog({
  isOpen,
  onProceed,
  onCancel,
}: {
  isOpen: boolean;
  onProceed: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={timesheetMessages.notWithinCurrentWeek}
      isOpen={isOpen}
      confirmLabel="Proceed"
      cancelLabel="Cancel"
      onConfirm={onProceed}
      onCancel={onCancel}
    >
      <p>{timesheetMessages.lateEntryWarning}</p>
    </ConfirmDialog>
  );
}
