import { CommandHandler } from '@nestjs/cqrs';
import { staffAdminMessages } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import type { CommandContext } from '../../../platform/event-store/command-context';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { STAFF_IDS_STREAM } from '../domain/staff-id-allocation';
import { staffDecider } from '../domain/staff-member';
import { StaffIdAllocator } from './staff-id-allocator';
import { StaffRegistration, type RegisterStaffMemberInput } from './register-staff-member';

/** Who is added: everything of a registration but the id, which the portal gives. */
export type AddStaffMemberInput = Omit<RegisterStaffMemberInput, 'staffId'>;

export interface AddStaffMemberOutcome {
  readonly staffId: number;
  /** Where the registration landed; null when a retried request found it already made. */
  readonly position: LogPosition | null;
}

/**
 * Adds a person under the next free staff id (Staff Review's Add staff member, `npm run
 * staff:add`): the same rules and events as any registration, after a `StaffIdAllocated`.
 */
@Requires('admin')
export class AddStaffMemberCommand extends PortalCommand<AddStaffMemberOutcome> {
  constructor(
    caller: Caller,
    readonly input: AddStaffMemberInput,
  ) {
    super(caller);
  }
}

@CommandHandler(AddStaffMemberCommand)
export class AddStaffMemberHandler extends PortalCommandHandler<AddStaffMemberCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly registration: StaffRegistration,
    private readonly ids: StaffIdAllocator,
  ) {
    super();
  }

  protected async handle({ caller, input }: AddStaffMemberCommand): Promise<AddStaffMemberOutcome> {
    const scope = ownerScopeOf(caller.principal);
    if (scope !== null && input.ownerId !== scope)
      throw DomainError.forbidden(staffAdminMessages.ownerOutOfScope);
    // A retried request finds the id this command was given and carries on from there.
    const earlier = await this.allocatedBefore(caller.context);
    // Every rule first (the id is a stand-in until one is allocated), so a refusal allocates nothing.
    const check = await this.registration.withReferences({
      ...input,
      staffId: earlier ?? Number.MAX_SAFE_INTEGER,
    });
    staffDecider.decide(check, { registered: false });

    const staffId = earlier ?? (await this.ids.allocate(1, caller.context))[0]!;
    const position = await this.registration.register({ ...input, staffId }, caller.context);
    return { staffId, position };
  }

  /** The id an earlier attempt of this very command (same command id) was given, if any. */
  private async allocatedBefore(context: CommandContext): Promise<number | null> {
    const events = await this.store.readStream(STAFF_IDS_STREAM);
    const mine = events.filter((event) => event.metadata.commandId === context.commandId);
    const last = mine[mine.length - 1];
    return last ? (last.data as { staffId: number }).staffId : null;
  }
}
