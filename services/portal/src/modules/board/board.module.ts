import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { RosterModule } from '../roster';
import { BoardController } from './board.controller';
import { GetPeriodBoardHandler } from './queries/period-board';

/**
 * The period board: a read-only context over the periods, timesheets and expenses read sides
 * (through their public queries), so none of those contexts has to know the board. It owns no
 * stream and no read model.
 */
@Module({
  imports: [CatalogModule, RosterModule],
  controllers: [BoardController],
  providers: [GetPeriodBoardHandler],
})
export class BoardModule {}
