import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleView } from '@portal/contracts';
import { apiRequest } from './api';

/** Every vehicle query's key starts here, so a vehicle change reloads the dashboard panel too. */
export const vehiclesKey = ['admin', 'vehicles'] as const;

/**
 * `GET /api/admin/vehicles/expiring` (admins): registrations expired or expiring within 30 days of
 * the server's today. Shared by the vehicle screen and the admin dashboard's panel.
 */
export const expiringVehiclesQuery = queryOptions({
  queryKey: [...vehiclesKey, 'expiring'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/vehicles/expiring', { signal }),
});

export function useExpiringVehicles(enabled = true) {
  return useQuery({ ...expiringVehiclesQuery, enabled });
}

/** The edit screen's address for one vehicle. */
export const vehicleEditPath = (vehicleId: number): string => `/admin/vehicles/edit?id=${vehicleId}`;

/** 'Expired' / 'Expires soon' for a flagged registration; null when nothing is due. */
export function registrationFlag(status: VehicleView['registration']): string | null {
  if (status === 'expired') return 'Registration expired';
  if (status === 'expiring') return 'Registration expires soon';
  return null;
}
