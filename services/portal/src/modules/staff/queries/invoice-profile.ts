import { QueryHandler } from '@nestjs/cqrs';
import type { InvoiceProfile } from '@portal/contracts';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { DomainError } from '../../../kernel/domain-error';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import { staffStreamId } from '../domain/staff-member';
import { staffTables } from '../projections/staff-tables';
import { openedValue } from './profile-values';

/**
 * Who the signed-in person's verification invoice is from: their name, business name and address
 * as their staff profile holds them (blank fields are null). Only one's own; the profile's other
 * fields (phones, birth date, licence) are not part of an invoice and are not answered. Sealed
 * values are opened with the person's key; erased ones read 'erased'.
 */
export class GetInvoiceProfile extends SignedInQuery<InvoiceProfile> {}

@QueryHandler(GetInvoiceProfile)
export class GetInvoiceProfileHandler extends PortalQueryHandler<GetInvoiceProfile> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly cipher: PersonalDataCipher,
  ) {
    super();
  }

  protected async handle(query: GetInvoiceProfile): Promise<InvoiceProfile> {
    const row = await staffTables(this.db)
      .selectFrom('staff')
      .selectAll()
      .where('staff_id', '=', query.principal!.staffId)
      .executeTakeFirst();
    // The guard let a known, active person in; a read model that has not caught up says so plainly.
    if (!row) throw DomainError.notFound('Your staff profile could not be found.');
    const person = await this.cipher.session(staffStreamId(row.staff_id), false);
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
