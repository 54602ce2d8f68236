import type { AwaitingAccessRow } from '@portal/contracts';
import { formatInstant } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { DataTable, type DataColumn } from '../../../ui/data-table';
import { useAwaitingAccess } from '../api/staff-admin-api';

const columns: readonly DataColumn<AwaitingAccessRow>[] = [
  { id: 'name', header: 'Name', text: (r) => r.name, sort: 'text', isRowHeader: true },
  { id: 'email', header: 'Email', text: (r) => r.username, sort: 'text' },
  {
    id: 'first-sign-in',
    header: 'First sign-in',
    // The firm's display of an instant (as the Code of Conduct column), sorted by the instant itself.
    text: (r) => formatInstant(r.firstSignInAt),
    sort: 'text',
    sortValue: (r) => r.firstSignInAt,
    searchable: false,
  },
];

export interface AwaitingAccessProps {
  /** Opens Add staff member with the person's address and name filled in. */
  readonly onAdd: (row: AwaitingAccessRow) => void;
}

/**
 * Staff Review's "Awaiting access" (issue 25): people of the firm's domains who signed in before
 * anyone added them, oldest first; Add opens Add staff member for them, and once they are added
 * they leave the list.
 */
export function AwaitingAccess({ onAdd }: AwaitingAccessProps) {
  const awaiting = useAwaitingAccess();
  return (
    <section className="staff-admin__awaiting" aria-labelledby="awaiting-access-title">
      <h2 id="awaiting-access-title">Awaiting access</h2>
      <p className="muted">
        They signed in with a company account, but no one has added them yet: until then they only see that
        their access is being set up.
      </p>
      <DataTable
        label="Awaiting access"
        what="people awaiting access"
        rows={awaiting.data}
        load={awaiting}
        rowKey={(r) => r.username}
        columns={columns}
        defaultSort={{ column: 'first-sign-in', direction: 'ascending' }}
        searchable={false}
        empty="No one is awaiting access. Whoever signs in before being added appears here."
        actions={{
          header: 'Add',
          render: (r) => (
            <Button variant="secondary" onPress={() => onAdd(r)} aria-label={`Add ${r.name}`}>
              Add
            </Button>
          ),
        }}
      />
    </section>
  );
}
