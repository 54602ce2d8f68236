/**
 * The data-imports context's public entry: the only file other code may import. It owns no read
 * model: an import's state is its stream (`data-import-{importId}`) and its job's status.
 */
export { DataImportsModule } from './data-imports.module';
