import { Module } from '@nestjs/common';
import { HolidaysController } from './holidays.controller';
import { ListHolidaysHandler } from './queries/list-holidays';

/** Public holidays (US and Canada), computed by the rules in `@portal/contracts`. */
@Module({ controllers: [HolidaysController], providers: [ListHolidaysHandler] })
export class HolidaysModule {}
