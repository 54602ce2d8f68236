/** The board context's public entry: the only file other code may import. */
export { BoardModule } from './board.module';
export { GetPeriodBoard } from './queries/period-board';
export { GetReview } from './queries/get-review';
export { GetReviewFilters } from './queries/get-review-filters';
export { GetMonthAtAGlance } from './queries/month-at-a-glance';
