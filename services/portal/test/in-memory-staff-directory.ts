import { StaffDirectory, type Principal } from '../src/platform/auth/principal';

export interface TestPerson extends Principal {
  readonly isActive: boolean;
}

/** A person with sensible defaults: active, not admin, default brand. */
export function testPerson(staffId: number, name: string, overrides: Partial<TestPerson> = {}): TestPerson {
  return {
    staffId,
    name,
    username: `${name.split(' ')[0].toLowerCase()}@smartwork.example`,
    isAdmin: false,
    userType: 'default',
    canEditRoster: false,
    needReceipt: false,
    isActive: true,
    ...overrides,
  };
}

/** StaffDirectory over a fixed list, for tests that run without the staff context. */
export class InMemoryStaffDirectory extends StaffDirectory {
  constructor(private readonly people: readonly TestPerson[]) {
    super();
  }

  async findByUsername(username: string): Promise<Principal | null> {
    const wanted = username.trim().toLowerCase();
    return this.principal(this.people.find((p) => p.isActive && p.username.toLowerCase() === wanted));
  }

  async findById(staffId: number): Promise<Principal | null> {
    return this.principal(this.people.find((p) => p.isActive && p.staffId === staffId));
  }

  async listActive(): Promise<Principal[]> {
    return this.people.filter((p) => p.isActive).map((p) => this.principal(p)!);
  }

  async isRegistered(username: string): Promise<boolean> {
    const wanted = username.trim().toLowerCase();
    return this.people.some((p) => p.username.toLowerCase() === wanted);
  }

  private principal(person: TestPerson | undefined): Principal | null {
    if (!person) return null;
    const { isActive: _active, ...principal } = person;
    return principal;
  }
}
