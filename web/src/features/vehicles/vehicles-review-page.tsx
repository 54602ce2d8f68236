import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { vehicleMessages, type VehicleView } from '@portal/contracts';
import { registrationFlag, vehicleEditPath } from '../../lib/vehicles';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { DataTable, type DataColumn } from '../../ui/data-table';
import { RowActions } from '../../ui/row-actions';
import { useRemoveVehicle, useVehicles } from './api/vehicles-api';
import { Page } from '../../ui/page';
import { HistoryButton } from '../../ui/history';
import './vehicles.css';

const label = (v: VehicleView) => `${v.year} ${v.make}${v.vin ? ` (${v.vin})` : ''}`;

const columns: readonly DataColumn<VehicleView>[] = [
  {
    id: 'number',
    header: '#',
    numeric: true,
    sort: 'decimal',
    sortValue: (v) => String(v.vehicleId),
    text: (v) => String(v.vehicleId),
  },
  { id: 'year', header: 'Year', sort: 'text', text: (v) => v.year },
  { id: 'make', header: 'Make', sort: 'text', isRowHeader: true, text: (v) => v.make },
  { id: 'vin', header: 'VIN', sort: 'text', text: (v) => v.vin ?? '' },
  { id: 'project', header: 'Project', sort: 'text', text: (v) => v.projectName },
  {
    id: 'issuedTo',
    header: 'Issued To',
    sort: 'text',
    text: (v) => `${v.issuedToName} ${registrationFlag(v.registration) ?? ''}`,
    cell: (v) => {
      const flag = registrationFlag(v.registration);
      return (
        <>
          {v.issuedToName}
          {flag ? (
            <>
              {' '}
              <span
                className={`badge badge--${v.registration}`}
                title={`Registration: ${v.registryExpireDate}`}
              >
                {flag}
              </span>
            </>
          ) : null}
        </>
      );
    },
  },
];

/** '/admin/vehicles/review' (admins): the fleet, edit and delete (after a confirmation). */
export function VehiclesReviewPage() {
  const vehicles = useVehicles();
  const remove = useRemoveVehicle();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<VehicleView | null>(null);

  return (
    <Page
      title="Vehicles"
      className="vehicles"
      tools={
        <Link className="btn btn--primary" to="/admin/vehicles/edit">
          New Vehicle
        </Link>
      }
    >
      <p className="page__lead">
        A registration that has expired or expires within 30 days is flagged beside the person it is issued
        to.
      </p>
      <DataTable
        label="Vehicles"
        what="vehicles"
        rows={vehicles.data}
        load={vehicles}
        rowKey={(v) => String(v.vehicleId)}
        columns={columns}
        defaultSort={{ column: 'number', direction: 'ascending' }}
        actions={{
          header: 'Actions',
          render: (v) => (
            <div className="row-actions">
              <RowActions
                isApproved={false}
                approvedLabel=""
                what={`vehicle ${label(v)}`}
                onEdit={() => void navigate(vehicleEditPath(v.vehicleId))}
                onDelete={() => setDeleting(v)}
              />
              <HistoryButton
                entityKind="vehicle"
                entityId={String(v.vehicleId)}
                name={`vehicle ${label(v)}`}
              />
            </div>
          ),
        }}
        empty="No vehicles yet."
        emptyAction={<Link to="/admin/vehicles/edit">Add the first vehicle</Link>}
      />
      <ConfirmDeleteDialog
        title="Delete vehicle"
        row={deleting}
        question={(v) => vehicleMessages.confirmDelete(label(v))}
        onDelete={(v) => remove.mutateAsync(v.vehicleId)}
        isPending={remove.isPending}
        deletedMessage={vehicleMessages.deleted}
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
