import { useState } from 'react';
import { leaveMessages as msg, type LeaveView } from '@portal/contracts';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { EditDialog, EditForm } from '../../ui/edit-dialog';
import { RowActions } from '../../ui/row-actions';
import { useOwnLeave, useRemoveLeave } from './api/leave-api';
import { EMPTY_LEAVE, LeaveFields } from './components/leave-fields';
import { draftOfLeave } from './components/stale-leave';
import { useLeaveForm } from './components/use-leave-form';
import { Page } from '../../ui/page';
import { CheckedForm } from '../../ui/checked-form';
import { FormActions } from '../../ui/form-actions';
import './leave.css';

/** A leave as the edit dialog keys it (a new form for every leave and version). */
type LeaveRow = LeaveView & { readonly id: string };

// Dates read as the server's messages name them ('2026-07-06'): an overlap names the same dates.
const describe = (l: LeaveView) => `${l.leaveType} leave from ${l.fromDate} to ${l.toDate}`;

const columns: readonly DataColumn<LeaveRow>[] = [
  { id: 'leaveType', header: 'Leave Type', sort: 'text', isRowHeader: true, text: (l) => l.leaveType },
  { id: 'from', header: 'From', sort: 'text', sortValue: (l) => l.fromDate, text: (l) => l.fromDate },
  { id: 'to', header: 'To', sort: 'text', sortValue: (l) => l.toDate, text: (l) => l.toDate },
  { id: 'notes', header: 'Notes', sort: 'text', text: (l) => l.notes },
];

/** The Add Leave form: after a save it starts empty again and the list below reloads (spec §4). */
function AddLeaveForm() {
  const form = useLeaveForm(null, EMPTY_LEAVE, () => form.reset(EMPTY_LEAVE));
  return (
    <section className="card" aria-labelledby="add-leave-title">
      <h2 id="add-leave-title" className="card__title">
        Add Leave
      </h2>
      <CheckedForm className="leave-form" onSubmit={form.submit}>
        <LeaveFields draft={form.draft} errors={form.errors} onChange={form.change} />
        <FormActions className="leave-form__actions" submitLabel="Submit" isPending={form.isPending} />
      </CheckedForm>
    </section>
  );
}

function EditLeaveForm({ row, onClose }: { row: LeaveRow; onClose: () => void }) {
  const form = useLeaveForm(row, draftOfLeave(row), onClose);
  // A stale save: the fields now hold the leave as it is; Save Changes saves on that version.
  return (
    <EditForm
      onSubmit={form.submit}
      onClose={onClose}
      isPending={form.isPending}
      stale={form.stale}
      reloadLabel="Keep it as it is"
      onReload={onClose}
    >
      <LeaveFields draft={form.draft} errors={form.errors} onChange={form.change} />
    </EditForm>
  );
}

/** '/leave/leave-request': the person's Add Leave form and their Leaves table (edit, delete after a question). */
export function LeaveRequestPage() {
  const leaves = useOwnLeave();
  const remove = useRemoveLeave();
  const [editing, setEditing] = useState<LeaveRow | null>(null);
  const [deleting, setDeleting] = useState<LeaveRow | null>(null);
  const rows = leaves.data?.map((l): LeaveRow => ({ ...l, id: l.leaveId }));

  return (
    <Page title="Leave Form" className="leave">
      <p className="page__lead">
        Ask for leave here. Your leave days are marked in the calendar of Add Timesheet.
      </p>
      <AddLeaveForm />
      <section className="card" aria-labelledby="leaves-title">
        <h2 id="leaves-title" className="card__title">
          Leaves
        </h2>
        <DataTable
          label="Leaves"
          what="leaves"
          rows={rows}
          load={leaves}
          rowKey={(l) => l.leaveId}
          columns={columns}
          defaultSort={{ column: 'from', direction: 'descending' }}
          actions={{
            header: 'Actions',
            render: (l) => (
              <RowActions
                isApproved={false}
                approvedLabel=""
                what={describe(l)}
                onEdit={() => setEditing(l)}
                onDelete={() => setDeleting(l)}
              />
            ),
          }}
          empty="No leave yet. Use the Add Leave form above to ask for some."
        />
      </section>
      <EditDialog title="Edit Leave" row={editing} onClose={() => setEditing(null)}>
        {(row) => <EditLeaveForm row={row} onClose={() => setEditing(null)} />}
      </EditDialog>
      <ConfirmDeleteDialog
        title="Delete leave"
        row={deleting}
        question={(l) => msg.confirmDelete(l)}
        onDelete={(l) => remove.mutateAsync(l.leaveId)}
        isPending={remove.isPending}
        deletedMessage={msg.deleted}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
