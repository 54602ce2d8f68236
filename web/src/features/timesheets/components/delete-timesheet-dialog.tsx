import { type TimesheetRow, timesheetMessages as msg } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { formatTableDate } from '../../../lib/format';
import { ConfirmDialog } from '../../../ui/dialog';
import { showToast } from '../../../ui/toast';
import { useWithdrawTimesheet } from '../api/withdraw-timesheet';

/** Yes/No before a row is withdrawn, naming its project and date. */
export function DeleteTimesheetDialog({ row, onClose }: { row: TimesheetRow | null; onClose: () => void }) {
  const withdraw = useWithdrawTimesheet();
  return (
    <ConfirmDialog
      title="Delete timesheet"
      isOpen={row !== null}
      confirmLabel="Yes"
      cancelLabel="No"
      tone="danger"
      isPending={withdraw.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!row) return;
        withdraw.mutate(
          { entryId: row.id, version: row.version },
          {
            onSuccess: () => {
              showToast(msg.deleted, 'success');
              onClose();
            },
            onError: (error) => {
              showToast(
                errorMessage(error, 'Failed to delete timesheet record, please try later.'),
                'danger',
              );
              onClose();
            },
          },
        );
      }}
    >
      {row ? (
        <p>
          Are you sure you want to delete the timesheet of {row.projectName} on {formatTableDate(row.date)}?
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
