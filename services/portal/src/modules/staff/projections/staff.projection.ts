import {
  ONBOARDING_FLAGS,
  STAFF_PLAIN_FIELDS,
  STAFF_PROFILE_FIELDS,
  STAFF_SENSITIVE_FIELDS,
  STAFF_SEALED_FIELDS,
  onboardingDone,
  type StaffMemberRegistered,
  type StaffProfileValues,
} from '@portal/contracts';
import { sql, type Updateable } from 'kysely';
import type { Projection } from '../../../platform/projection/projection';
import { handledEvents } from '../../../platform/projection/handled-events';
import { projectionOf, type ColumnSpec } from '../../../platform/projection/read-model-tables';
import { userTypeOf, type StaffEvent } from '../domain/staff-member';
import {
  columnOf,
  STAFF_READ_MODEL,
  type ProfileColumn,
  type StaffTable,
  type StaffTables,
} from './staff-tables';

/** Every event of the `staff-{id}` streams. */
const handled = handledEvents<StaffEvent>(
  'StaffMemberRegistered',
  'StaffAccessChanged',
  'StaffProfileChanged',
  'OnboardingChecklistChanged',
  'SensitiveFieldRevealed',
  'CodeOfConductAcknowledged',
  'StaffPersonalDataErased',
  'StaffUsernameChanged',
);

const profileFields = [...STAFF_PLAIN_FIELDS, ...STAFF_SENSITIVE_FIELDS] as const;
const sensitive = new Set<string>(STAFF_SENSITIVE_FIELDS);

/**
 * Seals a value an older event holds in the clear (dob and driving licence of registrations
 * before issue 9); ciphertext and null pass as they are. The staff module hands in the cipher.
 * Contact fields of events before issue 11 (schemaVersion 1) stay as recorded: plain text, which
 * the queries show as it is and an erasure empties.
 */
export interface LegacySealer {
  sealIfPlain(subject: string, value: string | null): Promise<string | null>;
}

async function rowOf(e: StaffMemberRegistered, sealer: LegacySealer): Promise<StaffTable> {
  const profile = Object.fromEntries(profileFields.map((field) => [columnOf(field), null])) as Record<
    ReturnType<typeof columnOf>,
    string | null
  >;
  for (const field of STAFF_PROFILE_FIELDS) {
    const value = e[field] ?? null;
    profile[columnOf(field)] = sensitive.has(field)
      ? await sealer.sealIfPlain(`staff-${e.staffId}`, value)
      : value;
  }
  profile.job_title = e.jobTitle ?? null;
  profile.department = e.department ?? null;
  return {
    staff_id: e.staffId,
    username: e.username.toLowerCase(),
    name: e.name,
    first_name: e.firstName,
    middle_name: e.middleName,
    last_name: e.lastName,
    owner_id: e.ownerId,
    start_date: e.startDate ?? null,
    user_type: userTypeOf(e.ownerId),
    is_admin: e.isAdmin,
    is_active: e.isActive,
    need_receipt: e.needReceipt,
    can_edit_roster: e.canEditRoster,
    is_auditor: e.isAuditor ?? false,
    checklist: {},
    onboarding_done: 0,
    code_of_conduct_acknowledged_at: null,
    personal_data_erased: false,
    ...profile,
  };
}

/** The columns an admin's profile change sets (names, plain fields, sealed personal fields). */
function profileSet(after: Partial<StaffProfileValues>): Updateable<StaffTable> {
  const set: Record<string, string | null> = {};
  if (after.name !== undefined) set.name = after.name;
  if (after.firstName !== undefined) set.first_name = after.firstName;
  if (after.middleName !== undefined) set.middle_name = after.middleName;
  if (after.lastName !== undefined) set.last_name = after.lastName;
  for (const field of profileFields) if (after[field] !== undefined) set[columnOf(field)] = after[field];
  return set as Updateable<StaffTable>;
}

/** An erased person's row: every personal column emptied, the flag set (screens show 'erased'). */
const erasedSet = (): Updateable<StaffTable> =>
  ({
    ...Object.fromEntries(STAFF_SEALED_FIELDS.map((field) => [columnOf(field), null])),
    personal_data_erased: true,
  }) as Updateable<StaffTable>;

/**
 * People, their access flags, profile and onboarding checklist: sign-in, the staff screens, the
 * admin e-mail list. Version 2 (issue 9): the whole profile of spec §3, sensitive fields as
 * ciphertext, the checklist and its count. Version 3: when the code of conduct was acknowledged.
 * Version 4 (issue 11): the auditor flag. Version 5 (issue 11): whether the person's personal data
 * was erased (personal columns emptied). Version 6 (issue 25): the start date given when they were added.
 */
export function staffProjectionWith(sealer: LegacySealer): Projection {
  return projectionOf<StaffEvent, StaffTables>({
    name: STAFF_READ_MODEL,
    version: 6,
    handled,
    tables: {
      staff: {
        columns: {
          staff_id: 'integer primary key',
          username: ['text', (c) => c.notNull().unique()],
          name: 'text not null',
          first_name: 'text not null',
          middle_name: 'text',
          last_name: 'text not null',
          owner_id: 'integer not null',
          start_date: 'text',
          user_type: 'text not null',
          is_admin: 'boolean not null',
          is_active: 'boolean not null',
          need_receipt: 'boolean not null',
          can_edit_roster: 'boolean not null',
          is_auditor: ['boolean', (c) => c.notNull().defaultTo(false)],
          checklist: ['jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)],
          onboarding_done: ['integer', (c) => c.notNull().defaultTo(0)],
          code_of_conduct_acknowledged_at: 'text',
          personal_data_erased: ['boolean', (c) => c.notNull().defaultTo(false)],
          ...(Object.fromEntries(profileFields.map((field) => [columnOf(field), 'text'])) as Record<
            ProfileColumn,
            ColumnSpec
          >),
        },
        indexes: { staff_by_owner: ['owner_id', 'name'] },
      },
    },

    async apply(event, rm): Promise<void> {
      switch (event.type) {
        case 'StaffMemberRegistered': {
          const row = await rowOf(event.data, sealer);
          const values = { ...row, checklist: JSON.stringify(row.checklist) } as unknown as StaffTable;
          await rm
            .insertInto('staff')
            .values(values)
            .onConflict((oc) => oc.column('staff_id').doUpdateSet(values))
            .execute();
          return;
        }
        case 'StaffAccessChanged': {
          const e = event.data;
          const set: Updateable<StaffTable> = {};
          if (e.isAdmin !== undefined) set.is_admin = e.isAdmin;
          if (e.isActive !== undefined) set.is_active = e.isActive;
          if (e.needReceipt !== undefined) set.need_receipt = e.needReceipt;
          if (e.canEditRoster !== undefined) set.can_edit_roster = e.canEditRoster;
          if (e.isAuditor !== undefined) set.is_auditor = e.isAuditor;
          if (Object.keys(set).length === 0) return;
          await rm.updateTable('staff').set(set).where('staff_id', '=', e.staffId).execute();
          return;
        }
        case 'StaffProfileChanged': {
          const set = profileSet(event.data.after);
          if (Object.keys(set).length === 0) return;
          await rm.updateTable('staff').set(set).where('staff_id', '=', event.data.staffId).execute();
          return;
        }
        case 'OnboardingChecklistChanged': {
          const { staffId, after } = event.data;
          const row = await rm
            .selectFrom('staff')
            .select('checklist')
            .where('staff_id', '=', staffId)
            .executeTakeFirst();
          if (!row) return;
          const merged = { ...row.checklist, ...after };
          const ticked = Object.fromEntries(ONBOARDING_FLAGS.filter((f) => merged[f]).map((f) => [f, true]));
          await rm
            .updateTable('staff')
            .set({
              checklist: JSON.stringify(ticked) as unknown as Record<string, boolean>,
              onboarding_done: onboardingDone(ticked),
            })
            .where('staff_id', '=', staffId)
            .execute();
          return;
        }
        case 'SensitiveFieldRevealed':
          // History only: a reveal changes nothing of the person.
          return;
        case 'CodeOfConductAcknowledged':
          await rm
            .updateTable('staff')
            .set({ code_of_conduct_acknowledged_at: event.data.acknowledgedAt })
            .where('staff_id', '=', event.data.staffId)
            .execute();
          return;
        case 'StaffPersonalDataErased':
          // Only the read model: the key is deleted by the command (no I/O outside the batch here).
          await rm.updateTable('staff').set(erasedSet()).where('staff_id', '=', event.data.staffId).execute();
          return;
        case 'StaffUsernameChanged':
          await rm
            .updateTable('staff')
            .set({ username: event.data.after.username })
            .where('staff_id', '=', event.data.staffId)
            .execute();
          return;
        default: {
          const unknown: never = event;
          return unknown;
        }
      }
    },
  });
}
