import type { StaffMemberRegistered } from '@portal/contracts';

/** A registration as the log holds it, for specs and the bench: an owner's person with an empty profile. */
export function registeredPerson(
  staffId: number,
  ownerId: number,
  extra: Partial<StaffMemberRegistered> = {},
): StaffMemberRegistered {
  return {
    staffId,
    username: `p${staffId}@smartwork.example`,
    name: 'Carlos Contractor',
    firstName: 'Carlos',
    middleName: null,
    lastName: 'Contractor',
    ownerId,
    isAdmin: false,
    isActive: true,
    needReceipt: false,
    canEditRoster: false,
    isAuditor: false,
    homePhone: null,
    mobilePhone: null,
    personalEmail: null,
    businessName: null,
    address: null,
    city: null,
    state: null,
    postalCode: null,
    dob: null,
    drivingLicenseNumber: null,
    drivingLicenseState: null,
    ...extra,
  };
}
