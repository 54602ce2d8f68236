import { Injectable } from '@nestjs/common';
import { profileMessages } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalQueryHandler, type SignedInQuery } from '../../../platform/cqrs';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { staffStreamId } from '../domain/staff-member';
import { staffTables } from '../projections/staff-tables';

/**
 * A query handler that answers from the signed-in person's own staff row (their profile, their
 * invoice's sender): it reads the row and opens the person's sealed values, and declares no
 * constructor.
 */
@Injectable()
export abstract class OwnProfileHandler<Q extends SignedInQuery<unknown>> extends PortalQueryHandler<Q> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly cipher: PersonalDataCipher,
  ) {
    super();
  }

  /**
   * The asker's row and the key that opens its sealed values. The guard let a known, active person
   * in, so a missing row is a read model that has not caught up: said plainly.
   */
  protected async ownProfile(query: Q) {
    const staffId = query.principal.staffId;
    const row = await staffTables(this.db)
      .selectFrom('staff')
      .selectAll()
      .where('staff_id', '=', staffId)
      .executeTakeFirst();
    if (!row) throw DomainError.notFound(profileMessages.notFound);
    const person = await this.cipher.session(staffStreamId(staffId), false);
    return { row, person };
  }
}
