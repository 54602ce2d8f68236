import { describe, expect, it } from '@jest/globals';
import { emptyChecklist, type StaffAdminDetail } from '@portal/contracts';
import { changesOf, draftOf } from './profile-draft';

const person: StaffAdminDetail = {
  staffId: 3,
  email: 'carlos.contractor@smartwork.example',
  ownerId: 1,
  name: 'Carlos Contractor',
  firstName: 'Carlos',
  middleName: null,
  lastName: 'Contractor',
  startDate: null,
  isAdmin: false,
  isActive: true,
  needReceipt: false,
  canEditRoster: false,
  isAuditor: false,
  profile: {
    homePhone: null,
    mobilePhone: '+1 780 555 0103',
    personalEmail: null,
    businessName: null,
    address: null,
    city: 'Edmonton',
    state: 'AB',
    postalCode: null,
    toa: null,
    toaValue: null,
    swo: null,
    stateOfWork: null,
    jobTitle: null,
    department: null,
    invoiceNo: null,
    invoiceId: null,
    designation: null,
    hotel: null,
  },
  sensitive: {
    dob: '••••',
    drivingLicenseNumber: null,
    drivingLicenseState: null,
    socialNumber: null,
    bankName: null,
    bankRoutingNumber: null,
    bankAccountNumber: null,
  },
  checklist: emptyChecklist(),
  personalDataErased: false,
};

describe('the staff profile form sends only what changed', () => {
  it('an untouched form changes nothing', () => {
    expect(changesOf(person, draftOf(person))).toEqual({});
  });

  it('text is trimmed, emptied text is cleared (null), ticks and flags as they now are', () => {
    const draft = draftOf(person);
    const edited = {
      ...draft,
      text: { ...draft.text, city: ' ', jobTitle: ' Surveyor ', firstName: 'Carlos' },
      sensitive: { ...draft.sensitive, socialNumber: ' 123 ' },
      checklist: { ...draft.checklist, emailCreated: true },
      access: { ...draft.access, isAdmin: true },
    };
    expect(changesOf(person, edited)).toEqual({
      city: null,
      jobTitle: 'Surveyor',
      socialNumber: '123',
      emailCreated: true,
      isAdmin: true,
    });
  });

  it('Clear on a stored sensitive value sends null; on an empty one nothing', () => {
    const draft = draftOf(person);
    const cleared = { ...draft, sensitive: { ...draft.sensitive, dob: null, bankName: null } };
    expect(changesOf(person, cleared)).toEqual({ dob: null });
  });
});
