/** The data import of issue 25: '/admin/import'. */
export { DataImportPage } from './data-import-page';
