/** The analytics-imports context's public entry: the only file other code may import. */
export { AnalyticsImportsModule } from './analytics-imports.module';
export { ImportAzureCostCommand, ImportOffice365Command } from './commands/import-export';
export {
  GetAzureCostQuery,
  GetOffice365Query,
  ExportAzureCostQuery,
  ExportOffice365Query,
} from './queries/analytics-queries';
