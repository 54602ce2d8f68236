import { useState } from 'react';
import {
  ONBOARDING_FLAGS,
  SECOND_ORGANISATION_OWNER_ID,
  splitPersonName,
  staffAdminMessages as msg,
  type AwaitingAccessRow,
  type StaffAdminRow,
} from '@portal/contracts';
import { useCurrentUser } from '../../lib/current-user';
import { formatInstant } from '../../lib/format';
import { Button } from '../../ui/button';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { EmptyState, QueryState } from '../../ui/query-state';
import { Select } from '../../ui/select';
import { showToast } from '../../ui/toast';
import { useDeactivateStaff, useStaffDetail, useStaffList } from './api/staff-admin-api';
import { StaffProfileForm } from './components/staff-profile-form';
import { AddStaffDialog, type AddStaffDialogProps } from './components/add-staff-dialog';
import { AwaitingAccess } from './components/awaiting-access';
import { DirectorySync } from './components/directory-sync';
import { Page } from '../../ui/page';
import { HistoryButton } from '../../ui/history';
import './staff-admin.css';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

const columns: readonly DataColumn<StaffAdminRow>[] = [
  { id: 'name', header: 'Name', text: (r) => r.name, sort: 'text', isRowHeader: true },
  { id: 'email', header: 'Email', text: (r) => r.email, sort: 'text' },
  { id: 'admin', header: 'Is Admin', text: (r) => yesNo(r.isAdmin), sort: 'text', searchable: false },
  { id: 'auditor', header: 'Is Auditor', text: (r) => yesNo(r.isAuditor), sort: 'text', searchable: false },
  { id: 'active', header: 'Is Active', text: (r) => yesNo(r.isActive), sort: 'text', searchable: false },
  {
    id: 'onboarding',
    header: 'Onboarding',
    text: (r) => `${r.onboardingDone} of ${ONBOARDING_FLAGS.length}`,
    sort: 'decimal',
    sortValue: (r) => String(r.onboardingDone),
    searchable: false,
  },
  {
    id: 'code-of-conduct',
    header: 'Code of Conduct',
    // When it was acknowledged (the reader's time zone), or 'Not yet'.
    text: (r) => (r.codeOfConductAcknowledgedAt ? formatInstant(r.codeOfConductAcknowledgedAt) : 'Not yet'),
    sort: 'text',
    sortValue: (r) => r.codeOfConductAcknowledgedAt ?? '',
  },
];

type ActiveFilter = 'all' | 'active' | 'inactive';

/** Add staff member opened from "Awaiting access": their address, and their name split as staff:add splits it. */
function prefillOf(row: AwaitingAccessRow): NonNullable<AddStaffDialogProps['prefill']> {
  const parts = splitPersonName(row.name);
  return {
    username: row.username,
    firstName: parts?.firstName ?? row.name,
    middleName: parts?.middleName ?? '',
    lastName: parts?.lastName ?? '',
  };
}

/**
 * '/admin/staffs/review' (admins): everyone in the admin's scope with search and the owner
 * (hidden for sightstream admins, whose list holds owner 2 only) and active filters; Edit opens
 * the person's profile form; Delete asks first and deactivates; Add staff member adds someone who is
 * not in the directory (a sightstream admin: to owner 2); Sync from directory (when GRAPH_* is set)
 * reads the people of Microsoft Entra ID. "Awaiting access" lists who signed in before anyone
 * added them; its Add opens Add staff member filled in for them.
 */
export function StaffAdminPage() {
  const current = useCurrentUser();
  const list = useStaffList();
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [active, setActive] = useState<ActiveFilter>('all');
  const [selected, setSelected] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<StaffAdminRow | null>(null);
  const [selectWarning, setSelectWarning] = useState(false);
  const [adding, setAdding] = useState<AwaitingAccessRow | 'someone' | null>(null);
  const detail = useStaffDetail(selected);
  const deactivate = useDeactivateStaff();
  // Someone of "Awaiting access" the dialog is opened for (null: anyone, or closed).
  const awaitingRow = adding === 'someone' ? null : adding;

  const isSightstream = current.status === 'signed-in' && current.user.userType === 'sightstream';
  const selfId = current.status === 'signed-in' ? current.user.staffId : 0;
  const owners = [...new Map((list.data ?? []).map((r) => [r.ownerId, r.ownerName])).entries()];
  const rows = list.data?.filter(
    (r) =>
      (ownerId === null || r.ownerId === ownerId) &&
      (active === 'all' || r.isActive === (active === 'active')),
  );

  function open(staffId: number) {
    setSelectWarning(false);
    setSelected(staffId);
  }

  return (
    <Page title="Staff Review" className="staff-admin">
      <AwaitingAccess onAdd={setAdding} />
      <div className="staff-admin__filters">
        {isSightstream ? null : (
          <Select
            label="Owner"
            options={[{ id: 'all', name: 'All owners' }, ...owners.map(([id, name]) => ({ id, name }))]}
            value={ownerId ?? 'all'}
            onChange={(key) => setOwnerId(key === 'all' || key === null ? null : Number(key))}
          />
        )}
        <Select
          label="Active"
          options={[
            { id: 'all', name: 'All' },
            { id: 'active', name: 'Active' },
            { id: 'inactive', name: 'Inactive' },
          ]}
          value={active}
          onChange={(key) => setActive((key as ActiveFilter | null) ?? 'all')}
        />
        <Button className="staff-admin__add" onPress={() => setAdding('someone')}>
          Add staff member
        </Button>
      </div>
      <DirectorySync wholeFirm={current.status === 'signed-in' && !isSightstream} />
      <DataTable
        label="Staff"
        what="staff"
        rows={rows}
        load={list}
        rowKey={(r) => String(r.staffId)}
        columns={columns}
        defaultSort={{ column: 'name', direction: 'ascending' }}
        listKey={`${ownerId}-${active}`}
        empty="No staff match these filters. Choose another owner or All."
        actions={{
          header: 'Edit',
          render: (r) => (
            <div className="row-actions">
              <Button variant="secondary" onPress={() => open(r.staffId)} aria-label={`Edit ${r.name}`}>
                Edit
              </Button>
              <HistoryButton entityKind="staff" entityId={String(r.staffId)} name={r.name} />
            </div>
          ),
        }}
      />
      <section className="staff-admin__profile" aria-label="Staff profile">
        {selected === null ? (
          <EmptyState
            action={
              <Button
                onPress={() => {
                  setSelectWarning(true);
                  showToast(msg.selectUser, 'warning');
                }}
              >
                Update
              </Button>
            }
          >
            {selectWarning ? (
              <strong>{msg.selectUser}</strong>
            ) : (
              'Choose Edit beside a person to open their profile.'
            )}
          </EmptyState>
        ) : (
          <QueryState query={detail} what="profile">
            {(person) => (
              <StaffProfileForm
                // A deactivation (outside the form) or an erasure starts the form again from the saved record.
                key={`${person.staffId}-${person.isActive}-${person.personalDataErased}`}
                person={person}
                selfId={selfId}
                onClose={() => setSelected(null)}
                onDelete={() => setToDelete(list.data?.find((r) => r.staffId === person.staffId) ?? null)}
              />
            )}
          </QueryState>
        )}
      </section>
      <AddStaffDialog
        // A new form for each person it is opened for (its values start from the prefill).
        key={awaitingRow?.username ?? 'someone'}
        isOpen={adding !== null}
        fixedOwnerId={isSightstream ? SECOND_ORGANISATION_OWNER_ID : null}
        prefill={awaitingRow ? prefillOf(awaitingRow) : undefined}
        onClose={() => setAdding(null)}
        onAdded={open}
      />
      <ConfirmDeleteDialog
        title="Delete Staff"
        row={toDelete}
        question={(r) => msg.confirmDelete(r.name)}
        onDelete={(r) => deactivate.mutateAsync(r.staffId)}
        isPending={deactivate.isPending}
        deletedMessage={msg.deactivated}
        onClose={() => setToDelete(null)}
      />
    </Page>
  );
}
