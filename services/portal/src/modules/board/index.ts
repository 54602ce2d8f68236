/** The board context's public entry: the only file other code may import. */
export { BoardModule } from './board.module';
export { GetPeriodBoard } from './queries/period-board';
