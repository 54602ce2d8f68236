import { CommandHandler } from '@nestjs/cqrs';
import { staffAdminMessages } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { deriveEventId, type CommandContext } from '../../../platform/event-store/command-context';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { InjectDatabase } from '../../../platform/database/database.provider';
import type { Database } from '../../../platform/database/database';
import { STAFF_IDS_STREAM, staffIdDecider } from '../domain/staff-id-allocation';
import { staffDecider, staffStreamId } from '../domain/staff-member';
import { staffTables } from '../projections/staff-tables';
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

/** How many ids already registered (by the seed, unseen by a lagging read model) an addition steps over. */
const MAX_TAKEN_IDS = 50;

@CommandHandler(AddStaffMemberCommand)
export class AddStaffMemberHandler extends PortalCommandHandler<AddStaffMemberCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly registration: StaffRegistration,
    @InjectDatabase() private readonly db: Database,
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

    let staffId = earlier;
    if (staffId === null) {
      let atLeast = (await this.highestStaffId()) + 1;
      for (let nth = 0; staffId === null; nth++) {
        if (nth >= MAX_TAKEN_IDS) throw DomainError.conflict(staffAdminMessages.noFreeId);
        const allocated = await this.allocate(caller.context, atLeast, nth);
        // The read model may lag behind a registration that chose its own id (the seed's).
        if ((await this.store.readStream(staffStreamId(allocated))).length === 0) staffId = allocated;
        else atLeast = allocated + 1;
      }
    }
    const position = await this.registration.register({ ...input, staffId }, caller.context);
    return { staffId, position };
  }

  /** The highest id the staff read model knows; 0 before its first build (a portal never started). */
  private async highestStaffId(): Promise<number> {
    try {
      const row = await staffTables(this.db)
        .selectFrom('staff')
        .select((eb) => eb.fn.max('staff_id').as('highest'))
        .executeTakeFirst();
      return Number(row?.highest ?? 0);
    } catch (error) {
      if (isMissingRelation(error)) return 0;
      throw error;
    }
  }

  /** The id an earlier attempt of this very command (same command id) was given, if any. */
  private async allocatedBefore(context: CommandContext): Promise<number | null> {
    const events = await this.store.readStream(STAFF_IDS_STREAM);
    const mine = events.filter((event) => event.metadata.commandId === context.commandId);
    const last = mine[mine.length - 1];
    return last ? (last.data as { staffId: number }).staffId : null;
  }

  /** Appends `StaffIdAllocated` (the n-th of this command gets an event id of its own). */
  private async allocate(context: CommandContext, atLeast: number, nth: number): Promise<number> {
    const attemptContext =
      nth === 0
        ? context
        : { ...context, commandId: deriveEventId(context.commandId, STAFF_IDS_STREAM, nth) };
    const outcome = await runCommand(
      this.store,
      STAFF_IDS_STREAM,
      staffIdDecider,
      { type: 'AllocateStaffId', data: { atLeast } },
      attemptContext,
    );
    return outcome.events[0].data.staffId;
  }
}

/** PostgreSQL's "undefined table" or "undefined schema". */
function isMissingRelation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42P01' || code === '3F000';
}
