import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog';
import { StaffModule } from '../../staff';
import { ExportTimesheetsHandler } from './export-timesheets';
import { TimesheetExportsController } from './timesheet-exports.controller';

/**
 * Download Timesheet (GET /api/timesheets/export): the .xlsx of one person's time on one project
 * in a range, by type. Reads the timesheets read model, the catalog's projects and the staff scope.
 */
@Module({
  imports: [CatalogModule, StaffModule],
  controllers: [TimesheetExportsController],
  providers: [ExportTimesheetsHandler],
})
export class TimesheetExportsModule {}
