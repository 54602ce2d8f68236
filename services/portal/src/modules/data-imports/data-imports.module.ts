import { Module } from '@nestjs/common';
import { ContextRegistry } from '../../platform/registry/context-registry';
import { CatalogModule } from '../catalog';
import { RosterModule } from '../roster';
import { StaffModule } from '../staff';
import { TimesheetsModule } from '../timesheets';
import { ApplyDataImportHandler, APPLY_DATA_IMPORT_JOB } from './commands/apply-data-import';
import { CheckDataImportHandler } from './commands/check-data-import';
import { DataImportRunner } from './commands/import-runner';
import { ClientsImport } from './commands/kinds/clients';
import { PlannedHoursImport } from './commands/kinds/planned-hours';
import { ProjectsImport } from './commands/kinds/projects';
import { RosterImport } from './commands/kinds/roster';
import { StaffImport } from './commands/kinds/staff';
import { TimesheetHistoryImport } from './commands/kinds/timesheet-history';
import { VehiclesImport } from './commands/kinds/vehicles';
import { DataImportsController } from './data-imports.controller';
import { GetDataImportTemplateHandler } from './exports/template-workbook';
import { GetDataImportHandler } from './queries/get-data-import';
import { ApplyDataImportProcessor } from './reactions/apply-data-import.processor';

/**
 * Data imports (issue 25): a firm's existing clients, projects, roster, planned hours and time history from
 * files (stream `data-import-{importId}`), checked by the other contexts' own commands in a dry
 * run, then applied by a job through the same commands.
 */
@Module({
  imports: [CatalogModule, RosterModule, StaffModule, TimesheetsModule],
  controllers: [DataImportsController],
  providers: [
    ClientsImport,
    ProjectsImport,
    StaffImport,
    VehiclesImport,
    RosterImport,
    PlannedHoursImport,
    TimesheetHistoryImport,
    DataImportRunner,
    CheckDataImportHandler,
    ApplyDataImportHandler,
    ApplyDataImportProcessor,
    GetDataImportHandler,
    GetDataImportTemplateHandler,
  ],
})
export class DataImportsModule {
  constructor(registry: ContextRegistry) {
    registry.job(APPLY_DATA_IMPORT_JOB);
  }
}
