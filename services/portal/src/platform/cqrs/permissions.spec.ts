import { DomainError } from '../../kernel/domain-error';
import type { Principal } from '../auth/principal';
import { authorize, AuditorsMaySend, refuseAuditorWrites, Requires } from './permissions';

const person: Principal = {
  staffId: 3,
  name: 'Carlos Contractor',
  username: 'carlos@smartwork.example',
  isAdmin: false,
  userType: 'default',
  canEditRoster: false,
  needReceipt: true,
};
const admin: Principal = { ...person, staffId: 1, isAdmin: true };
const editor: Principal = { ...person, canEditRoster: true };
const auditor: Principal = { ...person, staffId: 6, isAuditor: true };

class AnyoneSignedIn {}
@Requires('admin')
class AdminsOnly {}
@Requires('roster-editor')
class RosterEditorsOnly {}
@Requires('public')
class Everyone {}
@Requires('admin-or-auditor')
class AdminsAndAuditors {}
@AuditorsMaySend()
class SignOut {}

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
}

describe('the permission a command or query declares is checked once, before its handler', () => {
  it('a message without @Requires needs a signed-in person', () => {
    expect(refusal(() => authorize(person, new AnyoneSignedIn()))).toBeNull();
    expect(refusal(() => authorize(null, new AnyoneSignedIn()))).toBe('forbidden');
  });

  it("@Requires('admin') refuses a person who is not an admin with 403", () => {
    expect(refusal(() => authorize(person, new AdminsOnly()))).toBe('forbidden');
    expect(refusal(() => authorize(admin, new AdminsOnly()))).toBeNull();
  });

  it("@Requires('roster-editor') needs the canEditRoster flag, admin or not", () => {
    expect(refusal(() => authorize(admin, new RosterEditorsOnly()))).toBe('forbidden');
    expect(refusal(() => authorize(editor, new RosterEditorsOnly()))).toBeNull();
  });

  it("@Requires('public') lets anyone ask, signed in or not", () => {
    expect(refusal(() => authorize(null, new Everyone()))).toBeNull();
  });
});

describe('auditors (issue 11)', () => {
  it("@Requires('admin-or-auditor') lets admins and auditors read, and nobody else", () => {
    expect(refusal(() => authorize(auditor, new AdminsAndAuditors()))).toBeNull();
    expect(refusal(() => authorize(admin, new AdminsAndAuditors()))).toBeNull();
    expect(refusal(() => authorize(person, new AdminsAndAuditors()))).toBe('forbidden');
    expect(refusal(() => authorize(null, new AdminsAndAuditors()))).toBe('forbidden');
    expect(refusal(() => authorize(auditor, new AdminsOnly()))).toBe('forbidden');
  });

  it('an auditor who is not an admin may send no command but signing out', () => {
    expect(refusal(() => refuseAuditorWrites(auditor, new AnyoneSignedIn()))).toBe('forbidden');
    expect(refusal(() => refuseAuditorWrites(auditor, new RosterEditorsOnly()))).toBe('forbidden');
    expect(refusal(() => refuseAuditorWrites(auditor, new SignOut()))).toBeNull();
    expect(refusal(() => refuseAuditorWrites(person, new AnyoneSignedIn()))).toBeNull();
    // An admin who is also flagged an auditor stays an admin.
    expect(
      refusal(() => refuseAuditorWrites({ ...admin, isAuditor: true }, new AnyoneSignedIn())),
    ).toBeNull();
  });
});
