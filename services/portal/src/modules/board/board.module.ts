import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { RosterModule } from '../roster';
import { BoardController } from './board.controller';
import { GetPeriodBoardHandler } from './queries/period-board';
import { GetReviewHandler } from './queries/get-review';
import { GetReviewFiltersHandler } from './queries/get-review-filters';
import { ReadModelCache } from './queries/read-model-cache';
import { ReviewScopes } from './queries/review-scope';
import { ReviewController } from './review.controller';
import { MeMonthController } from './me-month.controller';
import { GetMonthAtAGlanceHandler } from './queries/month-at-a-glance';

/**
 * The period board and the admin's Contractor Timesheet Review: a read-only context over the
 * periods, timesheets and expenses read sides (through their public queries), so none of those
 * contexts has to know the board or the review. It owns no stream and no read model.
 */
@Module({
  imports: [CatalogModule, RosterModule],
  controllers: [BoardController, ReviewController, MeMonthController],
  providers: [
    GetPeriodBoardHandler,
    GetReviewHandler,
    GetReviewFiltersHandler,
    GetMonthAtAGlanceHandler,
    ReadModelCache,
    ReviewScopes,
  ],
})
export class BoardModule {}
