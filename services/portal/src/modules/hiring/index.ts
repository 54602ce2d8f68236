/** The hiring context's public entry: the only file other code may import. */
export { HiringModule } from './hiring.module';
export {
  AddCandidateCommand,
  UpdateCandidateCommand,
  RemoveCandidateCommand,
  type CandidateResult,
} from './commands/candidate-commands';
export { EraseCandidateCommand } from './commands/erase-candidate';
export { ListCandidatesQuery } from './queries/candidate-queries';
