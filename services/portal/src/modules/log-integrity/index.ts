/** The log-integrity context's public entry: the only file other code may import. */
export { LogIntegrityModule } from './log-integrity.module';
