import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { InvoiceProfile } from '@portal/contracts';
import { CurrentCaller, type Caller } from '../../platform/cqrs';
import { GetInvoiceProfile } from './queries/invoice-profile';

@Controller('staff')
export class StaffController {
  constructor(private readonly queries: QueryBus) {}

  /** The signed-in person's name, business name and address, for their verification invoice. */
  @Get('me/invoice-profile')
  invoiceProfile(@CurrentCaller() caller: Caller): Promise<InvoiceProfile> {
    return this.queries.execute(new GetInvoiceProfile(caller.principal));
  }
}
