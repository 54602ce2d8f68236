import { DomainError } from '../../kernel/domain-error';
import type { Principal } from '../auth/principal';
import { authorize, Requires } from './permissions';

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

class AnyoneSignedIn {}
@Requires('admin')
class AdminsOnly {}
@Requires('roster-editor')
class RosterEditorsOnly {}
@Requires('public')
class Everyone {}

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
