import {
  ONBOARDING_FLAGS,
  STAFF_ACCESS_FLAGS,
  STAFF_NAME_FIELDS,
  STAFF_PLAIN_FIELDS,
  STAFF_SENSITIVE_FIELDS,
  type OnboardingChecklist,
  type StaffAccess,
  type StaffAdminDetail,
  type StaffNameField,
  type StaffPlainField,
  type StaffSensitiveField,
  type StaffUpdateRequest,
} from '@portal/contracts';

/** What the profile form holds while the admin edits: text as typed, flags as ticked. */
export interface ProfileDraft {
  readonly text: Readonly<Record<StaffNameField | StaffPlainField, string>>;
  /** A new value typed for a sensitive field; '' leaves the stored one as it is, null clears it. */
  readonly sensitive: Readonly<Record<StaffSensitiveField, string | null>>;
  readonly checklist: OnboardingChecklist;
  readonly access: StaffAccess;
}

export function draftOf(person: StaffAdminDetail): ProfileDraft {
  const text = Object.fromEntries([
    ...STAFF_NAME_FIELDS.map((field) => [field, person[field] ?? '']),
    ...STAFF_PLAIN_FIELDS.map((field) => [field, person.profile[field] ?? '']),
  ]) as Record<StaffNameField | StaffPlainField, string>;
  const sensitive = Object.fromEntries(STAFF_SENSITIVE_FIELDS.map((field) => [field, ''])) as Record<
    StaffSensitiveField,
    string | null
  >;
  const access = Object.fromEntries(
    STAFF_ACCESS_FLAGS.map((flag) => [flag, person[flag]]),
  ) as unknown as StaffAccess;
  return { text, sensitive, checklist: { ...person.checklist }, access };
}

/** Only what the admin changed: the server records exactly these (nothing changed: empty). */
export function changesOf(person: StaffAdminDetail, draft: ProfileDraft): StaffUpdateRequest {
  const saved = draftOf(person);
  const changes: Record<string, string | boolean | null> = {};
  for (const field of [...STAFF_NAME_FIELDS, ...STAFF_PLAIN_FIELDS]) {
    const typed = draft.text[field].trim();
    if (typed !== saved.text[field].trim()) changes[field] = typed === '' ? null : typed;
  }
  for (const field of STAFF_SENSITIVE_FIELDS) {
    const typed = draft.sensitive[field];
    // Clear on a stored value sends null; typed text replaces it; '' keeps it.
    if (typed === null) {
      if (person.sensitive[field] !== null) changes[field] = null;
    } else if (typed.trim() !== '') changes[field] = typed.trim();
  }
  for (const flag of ONBOARDING_FLAGS)
    if (draft.checklist[flag] !== saved.checklist[flag]) changes[flag] = draft.checklist[flag];
  for (const flag of STAFF_ACCESS_FLAGS)
    if (draft.access[flag] !== saved.access[flag]) changes[flag] = draft.access[flag];
  return changes as StaffUpdateRequest;
}
