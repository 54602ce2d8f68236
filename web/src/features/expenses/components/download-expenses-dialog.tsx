import { expenseMessages as msg } from '@portal/contracts';
import { projectOptionsOf, useBillableProjects } from '../../../lib/projects';
import { ModalDialog } from '../../../ui/dialog';
import { ExpensesDownloadForm } from '../../../ui/download-all-expenses-dialog';
import type { MonthPeriod } from '../periods';

interface DownloadExpensesProps {
  readonly isOpen: boolean;
  readonly months: readonly MonthPeriod[];
  readonly onClose: () => void;
}

/** Download Expenses: the receipts of one month and project, zipped by a background job. */
export function DownloadExpensesDialog({ isOpen, months, onClose }: DownloadExpensesProps) {
  const projects = useBillableProjects();
  return (
    <ModalDialog title="Download Expenses" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen ? (
        <ExpensesDownloadForm
          months={months.map((m) => ({ id: m.id, name: m.name }))}
          projects={projectOptionsOf(projects.data ?? [])}
          messages={{ month: msg.dateRequired, project: msg.projectRequired }}
          onClose={onClose}
        />
      ) : null}
    </ModalDialog>
  );
}
