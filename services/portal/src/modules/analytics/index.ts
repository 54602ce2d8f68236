/** The analytics context's public entry: the only file other code may import. */
export { AnalyticsModule } from './analytics.module';
export { GetErpReport } from './queries/erp-reports';
