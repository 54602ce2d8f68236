import { Module } from '@nestjs/common';
import { HolidaysController } from './holidays.controller';

/** Public holidays (US and Canada), computed by the rules in `@portal/contracts`. */
@Module({ controllers: [HolidaysController] })
export class HolidaysModule {}
