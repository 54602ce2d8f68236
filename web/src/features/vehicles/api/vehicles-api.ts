import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VEHICLE_CODE_LIST_IDS, type CodeListEntryRequest, type VehicleRequest } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { vehiclesKey } from '../../../lib/vehicles';

const codeListsKey = ['admin', 'code-lists'] as const;

export const vehiclesQuery = queryOptions({
  queryKey: [...vehiclesKey, 'list'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/vehicles', { signal }),
});

export function vehicleQuery(vehicleId: number) {
  return queryOptions({
    queryKey: [...vehiclesKey, 'one', vehicleId],
    queryFn: ({ signal }) => apiRequest('GET', `/api/admin/vehicles/${vehicleId}`, { signal }),
  });
}

export const vehicleOptionsQuery = queryOptions({
  queryKey: [...vehiclesKey, 'options'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/vehicles/options', { signal }),
});

/** The four lists the form picks from (years 1, makes 2, insurers 6, gas cards 10). */
export const codeListsQuery = queryOptions({
  queryKey: [...codeListsKey, ...VEHICLE_CODE_LIST_IDS],
  queryFn: ({ signal }) =>
    apiRequest('GET', '/api/admin/code-lists', {
      query: { ids: VEHICLE_CODE_LIST_IDS.join(',') },
      signal,
    }),
});

export const useVehicles = () => useQuery(vehiclesQuery);
export const useVehicle = (vehicleId: number | null) =>
  useQuery({ ...vehicleQuery(vehicleId ?? 0), enabled: vehicleId !== null });
export const useVehicleOptions = () => useQuery(vehicleOptionsQuery);
export const useCodeLists = () => useQuery(codeListsQuery);

const submissions = new SubmissionKeys();

export interface SaveVehicle {
  readonly vehicleId: number | null;
  readonly form: VehicleRequest;
}

/** POST (new) or PUT (editing) the whole form; the same content sent again reuses its key. */
export function useSaveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveVehicle) =>
      request.vehicleId === null
        ? apiRequest('POST', '/api/admin/vehicles', {
            body: request.form,
            idempotencyKey: submissions.keyFor(request),
          })
        : apiRequest('PUT', `/api/admin/vehicles/${request.vehicleId}`, {
            body: request.form,
            idempotencyKey: submissions.keyFor(request),
          }),
    onSuccess: (_answer, request) => {
      submissions.forget(request);
      return queryClient.invalidateQueries({ queryKey: vehiclesKey });
    },
  });
}

export function useRemoveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vehicleId: number) => apiRequest('DELETE', `/api/admin/vehicles/${vehicleId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehiclesKey }),
  });
}

export function useAddCodeListEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CodeListEntryRequest) =>
      apiRequest('POST', '/api/admin/code-lists', {
        body: request,
        idempotencyKey: submissions.keyFor(request),
      }),
    onSuccess: (_answer, request) => {
      submissions.forget(request);
      return queryClient.invalidateQueries({ queryKey: codeListsKey });
    },
  });
}

/** `POST /api/admin/vehicles/:id/reveal`: the licence number in the clear; the server records it. */
export function revealDriveLicense(vehicleId: number): Promise<string | null> {
  return apiRequest('POST', `/api/admin/vehicles/${vehicleId}/reveal`).then((answer) => answer.driveLicense);
}
