import { type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { ConfirmDeleteDialog } from '../../../ui/confirm-delete-dialog';
import { useWithdrawTimesheet } from '../api/withdraw-timesheet';

/** Yes/No before a row is withdrawn, naming its project and date. */
export function DeleteTimesheetDialog({ row, onClose }: { row: TimesheetRow | null; onClose: () => void }) {
  const withdraw = useWithdrawTimesheet();
  return (
    <ConfirmDeleteDialog
      title="Delete timesheet"
      row={row}
      question={(r) =>
        `Are you sure you want to delete the timesheet of ${r.projectName} on ${formatTableDate(r.date)}?`
      }
      onDelete={(r) => withdraw.mutateAsync({ entryId: r.id, version: r.version })}
      isPending={withdraw.isPending}
      deletedMessage={msg.deleted}
      failedMessage="Failed to delete timesheet record, please try later."
      onClose={onClose}
    />
  );
}
