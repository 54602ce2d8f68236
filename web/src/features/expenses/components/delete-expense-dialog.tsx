import { type ExpenseRow, expenseMessages as msg } from '@portal/contracts';
import { errorMessage } from '../../../lib/api';
import { formatTableDate } from '../../../lib/format';
import { ConfirmDialog } from '../../../ui/dialog';
import { showToast } from '../../../ui/toast';
import { useWithdrawExpense } from '../api/withdraw-expense';

/** Yes/No before an expense is withdrawn, naming its project and date. */
export function DeleteExpenseDialog({ row, onClose }: { row: ExpenseRow | null; onClose: () => void }) {
  const withdraw = useWithdrawExpense();
  return (
    <ConfirmDialog
      title="Delete expense"
      isOpen={row !== null}
      confirmLabel="Yes"
      cancelLabel="No"
      tone="danger"
      isPending={withdraw.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!row) return;
        withdraw.mutate(
          { expenseId: row.id, version: row.version },
          {
            onSuccess: () => {
              showToast(msg.deleted, 'success');
              onClose();
            },
            onError: (error) => {
              showToast(errorMessage(error), 'danger');
              onClose();
            },
          },
        );
      }}
    >
      {row ? <p>{msg.confirmDelete(row.projectName, formatTableDate(row.date))}</p> : null}
    </ConfirmDialog>
  );
}
