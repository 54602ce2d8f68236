import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { vehicleMessages, type VehicleView } from '@portal/contracts';
import { QueryState } from '../../ui/query-state';
import { showToast } from '../../ui/toast';
import {
  revealDriveLicense,
  useCodeLists,
  useSaveVehicle,
  useVehicle,
  useVehicleOptions,
} from './api/vehicles-api';
import { choicesFor, draftOf, EMPTY_VEHICLE, VehicleForm } from './components/vehicle-form';
import './vehicles.css';

function idOf(text: string | null): number | null {
  return text !== null && /^\d{1,10}$/.test(text) ? Number(text) : null;
}

/**
 * '/admin/vehicles/edit' (admins): 'Add New Vehicle' without an id, 'Editing' with `?id=`.
 * Cancel returns to a new, empty form; saving goes back to the vehicle table.
 */
export function VehicleEditPage() {
  const [params] = useSearchParams();
  const vehicleId = idOf(params.get('id'));
  const navigate = useNavigate();
  const vehicle = useVehicle(vehicleId);
  const options = useVehicleOptions();
  const codeLists = useCodeLists();
  const save = useSaveVehicle();
  const editing = vehicleId !== null;
  // Cancel on the new form stays on the same address: a new key remounts it empty.
  const [resets, setResets] = useState(0);

  const pickers = {
    data: options.data && codeLists.data ? { options: options.data, codeLists: codeLists.data } : undefined,
    isError: options.isError || codeLists.isError,
    error: options.error ?? codeLists.error,
    isPending: options.isPending || codeLists.isPending,
    isFetching: options.isFetching || codeLists.isFetching,
    refetch: () => Promise.all([options.refetch(), codeLists.refetch()]),
  };

  const form = (current?: VehicleView) => (
    <QueryState query={pickers} what="vehicle form">
      {({ options: choices, codeLists: lists }) => (
        <VehicleForm
          key={vehicleId ?? `new-${resets}`}
          initial={current ? draftOf(current) : EMPTY_VEHICLE}
          editing={editing}
          licence={{
            masked: current?.driveLicense ?? null,
            reveal: () => (current ? revealDriveLicense(current.vehicleId) : Promise.resolve(null)),
          }}
          options={choicesFor(choices, current)}
          codeLists={lists}
          isSaving={save.isPending}
          onSave={(request) =>
            save.mutateAsync({ vehicleId, form: request }).then(() => {
              showToast(editing ? vehicleMessages.updated : vehicleMessages.saved, 'success');
              void navigate('/admin/vehicles/review');
            })
          }
          onCancel={() => {
            if (editing) void navigate('/admin/vehicles/edit', { replace: true });
            else setResets((n) => n + 1);
          }}
        />
      )}
    </QueryState>
  );

  return (
    <div className="page vehicles">
      <header className="page__header">
        <h1>{editing ? 'Editing' : 'Add New Vehicle'}</h1>
        <Link to="/admin/vehicles/review">Back to vehicles</Link>
      </header>
      {editing ? (
        <QueryState query={vehicle} what="vehicle">
          {(found) => form(found)}
        </QueryState>
      ) : (
        form()
      )}
    </div>
  );
}
