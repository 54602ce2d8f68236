import { CommandHandler } from '@nestjs/cqrs';
import {
  ONBOARDING_FLAGS,
  STAFF_ACCESS_FLAGS,
  STAFF_NAME_FIELDS,
  STAFF_CONTACT_FIELDS,
  STAFF_PLAIN_FIELDS,
  STAFF_SEALED_FIELDS,
  type FieldChanges,
  type StaffChangeAnswer,
  type StaffSealedField,
  type StaffUpdateRequest,
} from '@portal/contracts';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { StaffSessions } from '../../../platform/auth/staff-sessions';
import { Clock } from '../../../platform/clock/clock';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { PersonalDataCipher, isSealed } from '../../../platform/crypto/personal-data-cipher';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { personInScope, type StaffActor, type UpdateStaffMember } from '../domain/staff-changes';
import { guardNotErased } from '../domain/staff-erasure';
import { staffDecider, staffStreamId } from '../domain/staff-member';
import { endSessionsIfDeactivated } from './staff-stream';

/**
 * What a change answers, the contracts' StaffChangeAnswer: where its last event landed (null:
 * nothing changed), a LogPosition here that goes out as text (see ReadYourWritesInterceptor).
 */
export type StaffChangeOutcome = Omit<StaffChangeAnswer, 'position'> & {
  readonly position: LogPosition | null;
};

/**
 * PUT /api/admin/staff/:id (Staff Review's Save) and POST …/deactivate: an admin changes a person's
 * profile, checklist or flags. Personal fields (contact and sensitive, STAFF_SEALED_FIELDS) are
 * compared in the clear and recorded sealed with the person's key. Deactivating someone ends every session of theirs at once.
 */
@Requires('admin')
export class UpdateStaffMemberCommand extends PortalCommand<StaffChangeOutcome> {
  constructor(
    caller: Caller,
    readonly staffId: number,
    readonly input: StaffUpdateRequest,
  ) {
    super(caller);
  }
}

function pick<K extends string, V>(
  input: Partial<Record<string, unknown>>,
  keys: readonly K[],
): Partial<Record<K, V>> {
  return Object.fromEntries(keys.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])) as Partial<
    Record<K, V>
  >;
}

export function actorOf(caller: Caller): StaffActor {
  return { staffId: caller.principal.staffId, ownerScope: ownerScopeOf(caller.principal) };
}

@CommandHandler(UpdateStaffMemberCommand)
export class UpdateStaffMemberHandler extends PortalCommandHandler<UpdateStaffMemberCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly cipher: PersonalDataCipher,
    private readonly sessions: StaffSessions,
    private readonly clock: Clock,
  ) {
    super();
  }

  protected async handle({ caller, staffId, input }: UpdateStaffMemberCommand): Promise<StaffChangeOutcome> {
    const actor = actorOf(caller);
    const { state } = await loadState(this.store, staffStreamId(staffId), staffDecider);
    // Scope first: nothing of a person outside it is read or decrypted.
    const person = personInScope(state, staffId, actor);
    const sealedGiven = STAFF_SEALED_FIELDS.filter((f) => input[f] !== undefined);
    // Before sealing: an erased person gets no new key.
    guardNotErased(person, sealedGiven.length > 0);
    const command: UpdateStaffMember = {
      type: 'UpdateStaffMember',
      data: {
        staffId,
        actor,
        names: pick(input, STAFF_NAME_FIELDS) as UpdateStaffMember['data']['names'],
        plain: pick(
          input,
          STAFF_PLAIN_FIELDS.filter((f) => !(STAFF_CONTACT_FIELDS as readonly string[]).includes(f)),
        ),
        sensitive: await this.sensitiveChanges(staffId, person.profile, pick(input, STAFF_SEALED_FIELDS)),
        sensitiveBasis: Object.fromEntries(sealedGiven.map((f) => [f, person.profile[f]])),
        checklist: pick(input, ONBOARDING_FLAGS),
        access: pick(input, STAFF_ACCESS_FLAGS),
      },
    };
    const outcome = await runCommand(
      this.store,
      staffStreamId(staffId),
      staffDecider,
      command,
      caller.context,
    );
    await endSessionsIfDeactivated(staffId, outcome, input.isActive === false, this.sessions, this.clock);
    return { position: outcome.position };
  }

  /**
   * The personal fields whose plain text changes: before (sealed; an old event's plain value is
   * sealed now) → after (sealed; null when cleared). Null when none changes.
   */
  private async sensitiveChanges(
    staffId: number,
    current: Readonly<Record<StaffSealedField, string | null>>,
    next: Partial<Record<StaffSealedField, string | null>>,
  ): Promise<FieldChanges<Record<StaffSealedField, string | null>> | null> {
    const fields = STAFF_SEALED_FIELDS.filter((field) => next[field] !== undefined);
    if (fields.length === 0) return null;
    const person = await this.cipher.session(staffStreamId(staffId), true);
    const before: Partial<Record<StaffSealedField, string | null>> = {};
    const after: Partial<Record<StaffSealedField, string | null>> = {};
    for (const field of fields) {
      const value = next[field] ?? null;
      const stored = current[field];
      if (person.open(stored) === value) continue;
      before[field] = stored === null || isSealed(stored) ? stored : person.seal(stored);
      after[field] = value === null ? null : person.seal(value);
    }
    return Object.keys(after).length > 0 ? { before, after } : null;
  }
}
