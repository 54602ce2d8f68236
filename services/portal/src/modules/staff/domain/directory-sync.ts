import {
  STAFF_TEXT_MAX_LENGTH,
  freeTextProblem,
  isEmailAddress,
  type DirectorySyncResult,
  type DirectoryUser,
  type StaffMemberRegistered,
} from '@portal/contracts';

/**
 * Directory sync's decision, pure: given a page of directory users (changed or removed since the
 * last run) and what the log says of the staff members they may be, which people are new, which
 * changed, which are gone. The command (commands/sync-staff-from-directory.ts) gathers the facts,
 * sends the commands each decision names and tallies them.
 */

/** A directory user as the directory port gives it (absent property: never set; null: emptied). */
export type DirectoryEntry = DirectoryUser;

/**
 * A staff member as their stream holds them, in the terms the directory speaks; and whether their
 * last deactivation was the directory's (then the directory may give access back; an admin's
 * Delete stands).
 */
export type KnownPerson = Pick<
  StaffMemberRegistered,
  'staffId' | 'username' | 'name' | 'firstName' | 'middleName' | 'lastName' | 'isActive'
> & {
  readonly jobTitle: string | null;
  readonly department: string | null;
  readonly deactivatedByDirectory?: boolean;
};

/** What the log says of one entry: the person tied to its id, and the one holding its address. */
export interface EntryFacts {
  readonly linked: KnownPerson | null;
  readonly byUsername: KnownPerson | null;
  /** For a tied person whose entry names another address: who holds that address (null: no one). */
  readonly addressHeldBy?: number | null;
}

/**
 * The allowed sign-in domains (lower-case), each with the owner its new people belong to; null:
 * that owner is not registered yet (its people wait for it, record 0275).
 */
export type DomainOwners = ReadonlyMap<string, number | null>;

export interface NewPerson {
  readonly username: string;
  readonly name: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly ownerId: number;
  readonly jobTitle: string | null;
  readonly department: string | null;
}

export interface NameChange {
  readonly firstName: string;
  readonly middleName: null;
  readonly lastName: string;
}

export type DirectoryDecision =
  | {
      readonly kind: 'ignore';
      readonly directoryId: string;
      /** A user of an allowed domain whose owner is not registered yet: read again by later runs. */
      readonly awaitingOwner?: true;
    }
  | { readonly kind: 'unchanged'; readonly directoryId: string; readonly staffId: number }
  | { readonly kind: 'create'; readonly directoryId: string; readonly person: NewPerson }
  | {
      readonly kind: 'change';
      readonly directoryId: string;
      readonly staffId: number;
      /** Tie the entry to the person (found by address, not tied yet). */
      readonly link: boolean;
      readonly names: NameChange | null;
      readonly profile: { readonly jobTitle?: string | null; readonly department?: string | null };
      readonly deactivate: boolean;
      /** Give access back: enabled again in the directory, which had deactivated them. */
      readonly reactivate?: boolean;
      /** The new sign-in address of a user renamed in the directory (record 0276). */
      readonly username?: string;
    };

/**
 * Graph may list one user more than once in a read: the later entry's properties win, and a
 * removal stands until the user comes back.
 */
export function mergeEntries(entries: readonly DirectoryEntry[]): DirectoryEntry[] {
  const merged = new Map<string, DirectoryEntry>();
  for (const entry of entries) {
    const earlier = merged.get(entry.id);
    merged.set(entry.id, entry.removed || !earlier || earlier.removed ? entry : { ...earlier, ...entry });
  }
  return [...merged.values()];
}

/** The sign-in address of an entry, lower-case; null when it has none usable. */
export function usernameOf(entry: DirectoryEntry): string | null {
  const upn = entry.userPrincipalName?.trim().toLowerCase();
  return upn && isEmailAddress(upn) && upn.length <= STAFF_TEXT_MAX_LENGTH ? upn : null;
}

/** Text the staff model may hold (the free-text rule, trimmed, empty = null); undefined: leave as is. */
function directoryText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  if (text === '') return null;
  return freeTextProblem('text', text, STAFF_TEXT_MAX_LENGTH, 'too long') === null ? text : undefined;
}

/** 'Ana María Ruiz' → first 'Ana María', last 'Ruiz'; one word is both (the display name stays whole). */
export function namesOf(displayName: string): NameChange {
  const words = displayName.trim().split(/\s+/);
  const lastName = words[words.length - 1]!;
  const firstName = words.length > 1 ? words.slice(0, -1).join(' ') : lastName;
  return { firstName, middleName: null, lastName };
}

/**
 * The names to record when the display name differs from the person's: none when the name shows
 * already, or the parts are those already held (a one-word name is held as both parts).
 */
function nameChange(person: KnownPerson, displayName: string): NameChange | null {
  if (displayName === person.name) return null;
  const names = namesOf(displayName);
  const same =
    names.firstName === person.firstName && person.middleName === null && names.lastName === person.lastName;
  return same ? null : names;
}

function ownerOf(username: string, domains: DomainOwners): number | null | undefined {
  return domains.get(username.slice(username.lastIndexOf('@') + 1));
}

function deactivation(directoryId: string, person: KnownPerson | null): DirectoryDecision {
  if (!person) return { kind: 'ignore', directoryId };
  if (!person.isActive) return { kind: 'unchanged', directoryId, staffId: person.staffId };
  return {
    kind: 'change',
    directoryId,
    staffId: person.staffId,
    link: false,
    names: null,
    profile: {},
    deactivate: true,
  };
}

/**
 * One entry: a removed user, or one whose address left the allowed domains, deactivates the
 * person tied to it (nobody tied: ignored). A user of an allowed domain becomes a new person
 * unless disabled, or updates the person tied to it (or holding its address, then tied to it);
 * disabled, that person is deactivated. Enabled again (`accountEnabled: true`), a person the
 * directory deactivated is reactivated; one an admin deactivated stays so (record 0274).
 * A tied user renamed in the directory moves the person to the new address, unless another person
 * holds it (record 0276).
 */
export function decideDirectoryEntry(
  entry: DirectoryEntry,
  facts: EntryFacts,
  domains: DomainOwners,
): DirectoryDecision {
  const directoryId = entry.id;
  if (entry.removed) return deactivation(directoryId, facts.linked);
  const username =
    usernameOf(entry) ?? (entry.userPrincipalName === undefined ? facts.linked?.username : null);
  const ownerId = username ? ownerOf(username, domains) : undefined;
  if (!username || ownerId === undefined) return deactivation(directoryId, facts.linked);

  const person = facts.linked ?? facts.byUsername;
  const disabled = entry.accountEnabled === false;
  const displayName = directoryText(entry.displayName);
  const jobTitle = directoryText(entry.jobTitle);
  const department = directoryText(entry.department);
  if (!person) {
    if (disabled) return { kind: 'ignore', directoryId };
    if (ownerId === null) return { kind: 'ignore', directoryId, awaitingOwner: true };
    const name = displayName ?? username.slice(0, username.indexOf('@'));
    const { firstName, lastName } = namesOf(name);
    return {
      kind: 'create',
      directoryId,
      person: {
        username,
        name,
        firstName,
        lastName,
        ownerId,
        jobTitle: jobTitle ?? null,
        department: department ?? null,
      },
    };
  }
  const names = displayName ? nameChange(person, displayName) : null;
  const profile = {
    ...(jobTitle !== undefined && jobTitle !== person.jobTitle ? { jobTitle } : {}),
    ...(department !== undefined && department !== person.department ? { department } : {}),
  };
  const link = facts.linked === null;
  const deactivate = disabled && person.isActive;
  const heldBy = facts.addressHeldBy ?? null;
  const renamed =
    facts.linked !== null && username !== person.username && (heldBy === null || heldBy === person.staffId)
      ? username
      : undefined;
  const reactivate =
    entry.accountEnabled === true && !person.isActive && person.deactivatedByDirectory === true;
  if (!link && !names && Object.keys(profile).length === 0 && !deactivate && !reactivate && !renamed)
    return { kind: 'unchanged', directoryId, staffId: person.staffId };
  return {
    kind: 'change',
    directoryId,
    staffId: person.staffId,
    link,
    names,
    profile,
    deactivate,
    ...(reactivate ? { reactivate } : {}),
    ...(renamed ? { username: renamed } : {}),
  };
}

export type DirectoryTally = { -readonly [K in keyof DirectorySyncResult]: number };

export const emptyTally = (): DirectoryTally => ({
  created: 0,
  updated: 0,
  deactivated: 0,
  linked: 0,
  unchanged: 0,
  ignored: 0,
});

/** Where a decision counts: a person once, by the strongest change. */
export function tallyOf(decision: DirectoryDecision): keyof DirectoryTally {
  switch (decision.kind) {
    case 'ignore':
      return 'ignored';
    case 'unchanged':
      return 'unchanged';
    case 'create':
      return 'created';
    case 'change':
      if (decision.deactivate) return 'deactivated';
      return decision.reactivate ||
        decision.username ||
        decision.names ||
        Object.keys(decision.profile).length > 0
        ? 'updated'
        : 'linked';
  }
}

/** Whether a run with this tally changed anything (a run that did not records nothing). */
export function changedAnything(tally: DirectoryTally): boolean {
  return tally.created + tally.updated + tally.deactivated + tally.linked > 0;
}
