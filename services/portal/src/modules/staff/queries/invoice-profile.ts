import { QueryHandler } from '@nestjs/cqrs';
import type { InvoiceProfile } from '@portal/contracts';
import { SignedInQuery } from '../../../platform/cqrs';
import { OwnProfileHandler } from './own-profile';
import { openedValue } from './profile-values';

/**
 * Who the signed-in person's verification invoice is from: their name, business name and address
 * as their staff profile holds them (blank fields are null). Only one's own; the profile's other
 * fields (phones, birth date, licence) are not part of an invoice and are not answered. Sealed
 * values are opened with the person's key; erased ones read 'erased'.
 */
export class GetInvoiceProfile extends SignedInQuery<InvoiceProfile> {}

@QueryHandler(GetInvoiceProfile)
export class GetInvoiceProfileHandler extends OwnProfileHandler<GetInvoiceProfile> {
  protected async handle(query: GetInvoiceProfile): Promise<InvoiceProfile> {
    const { row, person } = await this.ownProfile(query);
    return {
      staffId: row.staff_id,
      name: row.name,
      businessName: openedValue('businessName', row, person),
      address: openedValue('address', row, person),
      city: openedValue('city', row, person),
      state: openedValue('state', row, person),
      postalCode: openedValue('postalCode', row, person),
    };
  }
}
