import type { TimesheetExportRequest } from '@portal/contracts';
import { downloadFile } from './downloads';

/**
 * `GET /api/timesheets/export`: the .xlsx of the chosen type, saved under the server's name
 * ('{person} - {project} - {period}.xlsx'); `fallbackName` only if the answer names none.
 */
export function downloadTimesheet(request: TimesheetExportRequest, fallbackName: string): Promise<string> {
  return downloadFile('/api/timesheets/export', fallbackName, {
    projectId: request.projectId,
    start: request.start,
    end: request.end,
    type: request.type,
    employeeId: request.employeeId,
  });
}
