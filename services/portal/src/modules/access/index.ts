/** The access context's public entry (issue 25): the only file other code may import. */
export { AccessModule } from './access.module';
