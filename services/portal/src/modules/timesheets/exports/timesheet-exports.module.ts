import { Module } from '@nestjs/common';
import { CatalogModule } from '../../catalog';
import { StaffModule } from '../../staff';
import { TimesheetExportScope } from './export-scope';
import { ExportTimesheetsHandler } from './export-timesheets';
import { TimesheetExportsController } from './timesheet-exports.controller';
import { TimesheetReportsController } from './timesheet-reports.controller';
import { EmbedTimesheetReportHandler, TimesheetReportsStatusHandler } from './timesheet-reports';

/**
 * Download Timesheet (GET /api/timesheets/export): the .xlsx of one person's time on one project
 * in a range, by type. Reads the timesheets read model, the catalog's projects and the staff scope.
 * With a Power BI workspace configured, the same selection as an embedded report
 * (GET /api/reports/status, POST /api/reports/embed) through the platform's ReportEmbedding.
 */
@Module({
  imports: [CatalogModule, StaffModule],
  controllers: [TimesheetExportsController, TimesheetReportsController],
  providers: [
    TimesheetExportScope,
    ExportTimesheetsHandler,
    TimesheetReportsStatusHandler,
    EmbedTimesheetReportHandler,
  ],
})
export class TimesheetExportsModule {}
