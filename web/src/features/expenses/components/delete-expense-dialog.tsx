import { type ExpenseRow, expenseMessages as msg } from '@portal/contracts';
import { formatTableDate } from '../../../lib/format';
import { ConfirmDeleteDialog } from '../../../ui/confirm-delete-dialog';
import { useWithdrawExpense } from '../api/withdraw-expense';

/** Yes/No before an expense is withdrawn, naming its project and date. */
export function DeleteExpenseDialog({ row, onClose }: { row: ExpenseRow | null; onClose: () => void }) {
  const withdraw = useWithdrawExpense();
  return (
    <ConfirmDeleteDialog
      title="Delete expense"
      row={row}
      question={(r) => msg.confirmDelete(r.projectName, formatTableDate(r.date))}
      onDelete={(r) => withdraw.mutateAsync({ expenseId: r.id, version: r.version })}
      isPending={withdraw.isPending}
      deletedMessage={msg.deleted}
      onClose={onClose}
    />
  );
}
