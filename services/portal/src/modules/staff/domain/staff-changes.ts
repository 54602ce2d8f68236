import {
  catalogMessages,
  changedFields,
  staffAdminMessages,
  type FieldChanges,
  type OnboardingChecklist,
  type StaffAccess,
  type StaffPlainField,
  type StaffProfileValues,
  type StaffSealedField,
  type StaffSensitiveField,
  STAFF_SEALED_SCHEMA_VERSION,
} from '@portal/contracts';
import { DomainError, ProblemList } from '../../../kernel/domain-error';
import { isFilledText } from '../../../kernel/rules';
import type { StaffEvent, StaffRecord, StaffState } from './staff-member';
import { guardNotErased } from './staff-erasure';

/** Who acts: their own id (the self guard) and the owner they are limited to (null: every owner). */
export interface StaffActor {
  readonly staffId: number;
  readonly ownerScope: number | null;
}

type SealedValues = Record<StaffSealedField, string | null>;

/**
 * An admin's change to a person (Staff Review): names and plain profile fields, the personal
 * (sealed) fields already compared and sealed by the handler (before → after ciphertext, only
 * those whose plain text changed), checklist items and access flags. Fields not given stay.
 */
export type UpdateStaffMember = {
  readonly type: 'UpdateStaffMember';
  readonly data: {
    readonly staffId: number;
    readonly actor: StaffActor;
    readonly names: Partial<Pick<StaffProfileValues, 'firstName' | 'middleName' | 'lastName'>>;
    readonly plain: Partial<Record<StaffPlainField, string | null>>;
    readonly sensitive: FieldChanges<SealedValues> | null;
    /** The stored (sealed) values the handler compared the personal fields against. */
    readonly sensitiveBasis: Partial<SealedValues>;
    readonly checklist: Partial<OnboardingChecklist>;
    readonly access: Partial<StaffAccess>;
  };
};

/** An admin reads one sensitive field in the clear: recorded, so every reveal has an actor. */
export type RevealSensitiveField = {
  readonly type: 'RevealSensitiveField';
  readonly data: {
    readonly staffId: number;
    readonly actor: StaffActor;
    readonly field: StaffSensitiveField;
  };
};

/**
 * The person the actor may act on: unknown people and, for a sightstream admin, people of another
 * owner are both "not found" (a scoped admin cannot tell whether someone outside exists).
 */
export function personInScope(state: StaffState, staffId: number, actor: StaffActor): StaffRecord {
  if (!state.registered || (actor.ownerScope !== null && state.ownerId !== actor.ownerScope))
    throw DomainError.notFound(staffAdminMessages.notFound(staffId));
  return state;
}

/** No admin deactivates themselves or removes their own admin flag (403). */
export function guardSelf(
  staffId: number,
  actor: StaffActor,
  access: Partial<Record<'isActive' | 'isAdmin', boolean | undefined>>,
): void {
  if (staffId === actor.staffId && (access.isActive === false || access.isAdmin === false))
    throw DomainError.forbidden(staffAdminMessages.notYourself);
}

function displayName(p: Pick<StaffProfileValues, 'firstName' | 'middleName' | 'lastName'>): string {
  return [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
}

function given<T extends object>(values: T): boolean {
  return Object.values(values).some((value) => value !== undefined);
}

export function updateStaffMember(command: UpdateStaffMember, state: StaffState): StaffEvent[] {
  const { staffId, actor, names, plain, sensitive, sensitiveBasis, checklist, access } = command.data;
  const person = personInScope(state, staffId, actor);
  // Sealed values are compared by the handler; a change recorded since then makes that stale.
  for (const [field, stored] of Object.entries(sensitiveBasis))
    if (person.profile[field as StaffSealedField] !== stored)
      throw DomainError.conflict(staffAdminMessages.changedMeanwhile);
  guardNotErased(person, sensitive !== null || Object.keys(sensitiveBasis).length > 0);
  guardSelf(staffId, actor, access);

  const problems = new ProblemList();
  if (![names, plain, checklist, access].some(given) && !sensitive)
    problems.add('staff', catalogMessages.nothingToChange);
  if (names.firstName !== undefined && !isFilledText(names.firstName))
    problems.add('firstName', staffAdminMessages.mustHaveValue('First Name'));
  if (names.lastName !== undefined && !isFilledText(names.lastName))
    problems.add('lastName', staffAdminMessages.mustHaveValue('Last Name'));
  problems.throwIfAny();

  const events: StaffEvent[] = [];
  const nameChanges = changedFields(person.profile, names);
  const newName = nameChanges
    ? displayName({ ...person.profile, ...nameChanges.after })
    : person.profile.name;
  const profile = changedFields<StaffProfileValues>(person.profile, {
    ...names,
    ...(newName !== person.profile.name ? { name: newName } : {}),
    ...plain,
  });
  const before = { ...profile?.before, ...sensitive?.before };
  const after = { ...profile?.after, ...sensitive?.after };
  if (Object.keys(after).length > 0)
    events.push({
      type: 'StaffProfileChanged',
      schemaVersion: STAFF_SEALED_SCHEMA_VERSION,
      data: { staffId, before, after },
    });

  const ticks = changedFields(person.checklist, checklist);
  if (ticks) events.push({ type: 'OnboardingChecklistChanged', data: { staffId, ...ticks } });

  const flags = changedFields(person.access, access);
  if (flags)
    events.push({ type: 'StaffAccessChanged', data: { staffId, ...flags.after, before: flags.before } });
  return events;
}

export function revealSensitiveField(command: RevealSensitiveField, state: StaffState): StaffEvent[] {
  const { staffId, actor, field } = command.data;
  personInScope(state, staffId, actor);
  return [{ type: 'SensitiveFieldRevealed', data: { staffId, field } }];
}
