import { QueryHandler } from '@nestjs/cqrs';
import { PROFILE_PLAIN_FIELDS, PROFILE_SENSITIVE_FIELDS, type MyProfile } from '@portal/contracts';
import { SignedInQuery } from '../../../platform/cqrs';
import { OwnProfileHandler } from './own-profile';
import { maskedValuesOf, plainValuesOf } from './profile-values';

/**
 * GET /api/me/profile: the signed-in person's own profile as admins keep it (Staff Review), read
 * only. The query takes no id: whoever asks reads only themselves. Sensitive fields are masked as
 * Staff Review masks them; the person reveals one at a time (RevealOwnSensitiveFieldCommand).
 */
export class GetMyProfile extends SignedInQuery<MyProfile> {}

@QueryHandler(GetMyProfile)
export class GetMyProfileHandler extends OwnProfileHandler<GetMyProfile> {
  protected async handle(query: GetMyProfile): Promise<MyProfile> {
    const { row, person } = await this.ownProfile(query);
    return {
      staffId: row.staff_id,
      email: row.username,
      firstName: row.first_name,
      middleName: row.middle_name,
      lastName: row.last_name,
      plain: plainValuesOf(PROFILE_PLAIN_FIELDS, row, person),
      sensitive: maskedValuesOf(PROFILE_SENSITIVE_FIELDS, row, person),
    };
  }
}
