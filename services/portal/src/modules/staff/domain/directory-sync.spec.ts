import {
  changedAnything,
  decideDirectoryEntry,
  emptyTally,
  mergeEntries,
  namesOf,
  tallyOf,
  type DirectoryEntry,
  type EntryFacts,
  type KnownPerson,
} from './directory-sync';

const DOMAINS = new Map([
  ['smartwork.example', 1],
  ['sightstream.example', 2],
]);
const ID = 'b3f1c2d4-0000-4000-8000-000000000001';

const entry = (extra: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  id: ID,
  removed: false,
  userPrincipalName: 'Ana.Ruiz@Smartwork.example',
  mail: 'ana.ruiz@smartwork.example',
  displayName: 'Ana Ruiz',
  jobTitle: 'Consultant',
  department: 'Delivery',
  accountEnabled: true,
  ...extra,
});

const ana: KnownPerson = {
  staffId: 42,
  username: 'ana.ruiz@smartwork.example',
  name: 'Ana Ruiz',
  firstName: 'Ana',
  middleName: null,
  lastName: 'Ruiz',
  jobTitle: 'Consultant',
  department: 'Delivery',
  isActive: true,
};

const unknown: EntryFacts = { linked: null, byUsername: null };
const tied = (person: Partial<KnownPerson> = {}): EntryFacts => ({
  linked: { ...ana, ...person },
  byUsername: null,
});

describe('directory sync decisions', () => {
  it('makes a new person of a user of an allowed domain, owned by the domain’s owner, no flags', () => {
    expect(decideDirectoryEntry(entry(), unknown, DOMAINS)).toEqual({
      kind: 'create',
      directoryId: ID,
      person: {
        username: 'ana.ruiz@smartwork.example',
        name: 'Ana Ruiz',
        firstName: 'Ana',
        lastName: 'Ruiz',
        ownerId: 1,
        jobTitle: 'Consultant',
        department: 'Delivery',
      },
    });
    const sister = decideDirectoryEntry(
      entry({ userPrincipalName: 'sam.s@sightstream.example' }),
      unknown,
      DOMAINS,
    );
    expect(sister).toMatchObject({
      kind: 'create',
      person: { ownerId: 2, username: 'sam.s@sightstream.example' },
    });
  });

  it('ignores other domains, look-alikes, users without a usable address and disabled strangers', () => {
    for (const upn of ['ana@elsewhere.example', 'ana@smartwork.example.evil', 'not-an-address', null])
      expect(decideDirectoryEntry(entry({ userPrincipalName: upn }), unknown, DOMAINS).kind).toBe('ignore');
    expect(decideDirectoryEntry(entry({ accountEnabled: false }), unknown, DOMAINS).kind).toBe('ignore');
    expect(decideDirectoryEntry({ id: ID, removed: true }, unknown, DOMAINS).kind).toBe('ignore');
  });

  it('names a person without a display name by their address', () => {
    const decision = decideDirectoryEntry(entry({ displayName: null }), unknown, DOMAINS);
    expect(decision).toMatchObject({
      person: { name: 'ana.ruiz', firstName: 'ana.ruiz', lastName: 'ana.ruiz' },
    });
  });

  it('finds nothing to change in a person who is as the directory says', () => {
    expect(decideDirectoryEntry(entry(), tied(), DOMAINS)).toEqual({
      kind: 'unchanged',
      directoryId: ID,
      staffId: 42,
    });
    // Absent properties (never set) change nothing; a one-word name held as both parts is the same name.
    const bare = { id: ID, removed: false, userPrincipalName: ana.username };
    expect(decideDirectoryEntry(bare, tied(), DOMAINS).kind).toBe('unchanged');
    const oneWord = tied({ name: 'Reception Reception', firstName: 'Reception', lastName: 'Reception' });
    expect(decideDirectoryEntry(entry({ displayName: 'Reception' }), oneWord, DOMAINS).kind).toBe(
      'unchanged',
    );
  });

  it('updates the name, job title and department that changed, emptied ones to null', () => {
    expect(
      decideDirectoryEntry(
        entry({ displayName: ' Ana  María Ruiz ', jobTitle: 'Lead', department: '' }),
        tied(),
        DOMAINS,
      ),
    ).toEqual({
      kind: 'change',
      directoryId: ID,
      staffId: 42,
      link: false,
      names: { firstName: 'Ana María', middleName: null, lastName: 'Ruiz' },
      profile: { jobTitle: 'Lead', department: null },
      deactivate: false,
    });
  });

  it('leaves a field alone whose text breaks the free-text rule', () => {
    const decision = decideDirectoryEntry(
      entry({ jobTitle: 'x'.repeat(201), department: 'Ops\u0000' }),
      tied(),
      DOMAINS,
    );
    expect(decision.kind).toBe('unchanged');
  });

  it('ties a person found by their address to the entry', () => {
    const decision = decideDirectoryEntry(
      entry({ jobTitle: 'Lead' }),
      { linked: null, byUsername: ana },
      DOMAINS,
    );
    expect(decision).toMatchObject({ kind: 'change', link: true, profile: { jobTitle: 'Lead' } });
    expect(tallyOf(decision)).toBe('updated');
    expect(tallyOf(decideDirectoryEntry(entry(), { linked: null, byUsername: ana }, DOMAINS))).toBe('linked');
  });

  it('deactivates the disabled, the removed and those whose address left the domains', () => {
    const deactivated = { kind: 'change', staffId: 42, deactivate: true };
    expect(decideDirectoryEntry(entry({ accountEnabled: false }), tied(), DOMAINS)).toMatchObject(
      deactivated,
    );
    expect(decideDirectoryEntry({ id: ID, removed: true }, tied(), DOMAINS)).toMatchObject(deactivated);
    expect(
      decideDirectoryEntry(entry({ userPrincipalName: 'ana@elsewhere.example' }), tied(), DOMAINS),
    ).toMatchObject(deactivated);
    expect(decideDirectoryEntry({ id: ID, removed: true }, tied({ isActive: false }), DOMAINS).kind).toBe(
      'unchanged',
    );
    expect(decideDirectoryEntry(entry(), tied({ isActive: false }), DOMAINS).kind).toBe('unchanged');
    expect(
      tallyOf(decideDirectoryEntry(entry({ accountEnabled: false, jobTitle: 'Gone' }), tied(), DOMAINS)),
    ).toBe('deactivated');
  });

  it('reactivates a person the directory deactivated once enabled again there, never one an admin deactivated', () => {
    const byDirectory = tied({ isActive: false, deactivatedByDirectory: true });
    const back = decideDirectoryEntry(entry({ accountEnabled: true }), byDirectory, DOMAINS);
    expect(back).toMatchObject({ kind: 'change', staffId: 42, reactivate: true, deactivate: false });
    expect(tallyOf(back)).toBe('updated');
    // Still disabled, or a change that does not say (a partial entry): stays deactivated.
    expect(decideDirectoryEntry(entry({ accountEnabled: false }), byDirectory, DOMAINS).kind).toBe(
      'unchanged',
    );
    const partial = { id: ID, removed: false, jobTitle: 'Consultant' } as const;
    expect(decideDirectoryEntry(partial, byDirectory, DOMAINS).kind).toBe('unchanged');
    // An admin's Delete stands.
    const byAdmin = tied({ isActive: false, deactivatedByDirectory: false });
    expect(decideDirectoryEntry(entry({ accountEnabled: true }), byAdmin, DOMAINS).kind).toBe('unchanged');
  });

  it('keeps waiting a new user of an allowed domain whose owner is not registered yet', () => {
    const unregistered = new Map<string, number | null>([
      ['smartwork.example', 1],
      ['sightstream.example', null],
    ]);
    const sam = entry({ userPrincipalName: 'sam@sightstream.example' });
    expect(decideDirectoryEntry(sam, unknown, unregistered)).toEqual({
      kind: 'ignore',
      directoryId: ID,
      awaitingOwner: true,
    });
    expect(
      decideDirectoryEntry(entry({ userPrincipalName: 'eve@elsewhere.example' }), unknown, unregistered),
    ).toEqual({
      kind: 'ignore',
      directoryId: ID,
    });
  });

  it('moves a tied person to the address the directory renamed them to, unless someone else holds it', () => {
    const renamed = entry({ userPrincipalName: 'Ana.Garcia@smartwork.example' });
    const moved = decideDirectoryEntry(renamed, { ...tied(), addressHeldBy: null }, DOMAINS);
    expect(moved).toMatchObject({ kind: 'change', staffId: 42, username: 'ana.garcia@smartwork.example' });
    expect(tallyOf(moved)).toBe('updated');
    expect(decideDirectoryEntry(renamed, { ...tied(), addressHeldBy: 7 }, DOMAINS).kind).toBe('unchanged');
    // Found by address (not tied yet): the address is theirs already.
    expect(decideDirectoryEntry(entry(), { linked: null, byUsername: ana }, DOMAINS)).not.toHaveProperty(
      'username',
    );
  });

  it('merges a user listed twice in a read, the later entry winning; a removal stands until they come back', () => {
    const merged = mergeEntries([
      entry({ jobTitle: 'A' }),
      { id: 'other', removed: true },
      { id: ID, removed: false, jobTitle: 'B' },
    ]);
    expect(merged).toEqual([entry({ jobTitle: 'B' }), { id: 'other', removed: true }]);
    expect(mergeEntries([entry(), { id: ID, removed: true }])).toEqual([{ id: ID, removed: true }]);
    expect(mergeEntries([{ id: ID, removed: true }, entry()])).toEqual([entry()]);
  });

  it('splits display names into first and last', () => {
    expect(namesOf('Ana Ruiz')).toEqual({ firstName: 'Ana', middleName: null, lastName: 'Ruiz' });
    expect(namesOf('Reception')).toEqual({ firstName: 'Reception', middleName: null, lastName: 'Reception' });
  });

  it('says a run changed something only when someone was created, updated, deactivated or tied', () => {
    expect(changedAnything({ ...emptyTally(), unchanged: 5, ignored: 3 })).toBe(false);
    for (const key of ['created', 'updated', 'deactivated', 'linked'] as const)
      expect(changedAnything({ ...emptyTally(), [key]: 1 })).toBe(true);
  });
});
