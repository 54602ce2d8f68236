import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlannedCellInput } from '@portal/contracts';
import { apiRequest, SubmissionKeys } from '../../../lib/api';
import { downloadFile } from '../../../lib/downloads';

export const plannedHoursKey = ['admin', 'planned-hours'] as const;

/** What the grid shows: a project and a range of months ('YYYY-MM'). */
export interface GridSelection {
  readonly projectId: number;
  readonly from: string;
  readonly to: string;
}

/** `GET /api/admin/planned-hours/projects`: the picker's projects (never one of client 4). */
export const planningProjectsQuery = queryOptions({
  queryKey: [...plannedHoursKey, 'projects'],
  queryFn: ({ signal }) => apiRequest('GET', '/api/admin/planned-hours/projects', { signal }),
});

export function usePlanningProjects() {
  return useQuery(planningProjectsQuery);
}

function gridQuery(selection: GridSelection, asOf: string | null) {
  return queryOptions({
    queryKey: [...plannedHoursKey, 'grid', selection.projectId, selection.from, selection.to, asOf],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/admin/planned-hours', {
        query: { ...selection, asOf },
        signal,
      }),
  });
}

/**
 * `GET /api/admin/planned-hours`: asked only once a project and both months are chosen. A new
 * selection shows nothing until its own answer came (no earlier grid is kept on screen).
 */
export function usePlannedHoursGrid(selection: GridSelection | null, asOf: string | null) {
  return useQuery({
    ...gridQuery(selection ?? { projectId: 0, from: '', to: '' }, asOf),
    enabled: selection !== null,
    // Spec §4: a changed selection hides the grid and loads it again, even one seen before.
    gcTime: 0,
  });
}

export interface PlannedHoursSave {
  readonly projectId: number;
  readonly cells: readonly PlannedCellInput[];
}

const submissions = new SubmissionKeys();

/** `PUT /api/admin/planned-hours`: every changed cell in one request, recorded at once or not at all. */
export function useSavePlannedHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: PlannedHoursSave) =>
      apiRequest('PUT', '/api/admin/planned-hours', {
        body: save,
        idempotencyKey: submissions.keyFor(save),
      }),
    onSuccess: (_answer, save) => {
      submissions.forget(save);
      return queryClient.invalidateQueries({ queryKey: [...plannedHoursKey, 'grid', save.projectId] });
    },
  });
}

/** PlannedHours.xlsx of the selection, saved by the browser. */
export function exportPlannedHours(selection: GridSelection): Promise<string> {
  return downloadFile('/api/admin/planned-hours/export', 'PlannedHours.xlsx', { ...selection });
}
