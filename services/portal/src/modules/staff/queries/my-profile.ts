import { QueryHandler } from '@nestjs/cqrs';
import {
  PROFILE_PLAIN_FIELDS,
  PROFILE_SENSITIVE_FIELDS,
  profileMessages,
  type MyProfile,
} from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { PortalQueryHandler, SignedInQuery } from '../../../platform/cqrs';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import type { Database } from '../../../platform/database/database';
import { InjectDatabase } from '../../../platform/database/database.provider';
import { staffStreamId } from '../domain/staff-member';
import { staffTables } from '../projections/staff-tables';
import { maskedValuesOf, plainValuesOf } from './profile-values';

/**
 * GET /api/me/profile: the signed-in person's own profile as admins keep it (Staff Review), read
 * only. The query takes no id: whoever asks reads only themselves. Sensitive fields are masked as
 * Staff Review masks them; the person reveals one at a time (RevealOwnSensitiveFieldCommand).
 */
export class GetMyProfile extends SignedInQuery<MyProfile> {}

@QueryHandler(GetMyProfile)
export class GetMyProfileHandler extends PortalQueryHandler<GetMyProfile> {
  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly cipher: PersonalDataCipher,
  ) {
    super();
  }

  protected async handle({ principal }: GetMyProfile): Promise<MyProfile> {
    const staffId = principal!.staffId;
    const row = await staffTables(this.db)
      .selectFrom('staff')
      .selectAll()
      .where('staff_id', '=', staffId)
      .executeTakeFirst();
    if (!row) throw DomainError.notFound(profileMessages.notFound);
    const person = await this.cipher.session(staffStreamId(staffId), false);
    return {
      staffId,
      email: row.username,
      firstName: row.first_name,
      middleName: row.middle_name,
      lastName: row.last_name,
      plain: plainValuesOf(PROFILE_PLAIN_FIELDS, row, person),
      sensitive: maskedValuesOf(PROFILE_SENSITIVE_FIELDS, row, person),
    };
  }
}
