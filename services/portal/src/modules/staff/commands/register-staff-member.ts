import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { PersonalDataCipher } from '../../../platform/crypto/personal-data-cipher';
import { STAFF_PROFILE_FIELDS } from '@portal/contracts';
import { isFilledText } from '../../../kernel/rules';
import { CatalogReferences } from '../../catalog';
import { staffDecider, staffStreamId, type RegisterStaffMember } from '../domain/staff-member';
import { usernameDecider, usernameStreamId } from '../domain/username-reservation';
import { decideOnStaffMember } from './staff-stream';

export type RegisterStaffMemberInput = RegisterStaffMember['data'];

/** Registers a person of a registered owner under a sign-in address no one else holds. */
@Requires('admin')
export class RegisterStaffMemberCommand extends PortalCommand<LogPosition | null> {
  constructor(
    caller: Caller,
    readonly input: RegisterStaffMemberInput,
  ) {
    super(caller);
  }
}

/**
 * The sign-in address must be unique across people, which one stream cannot guard: the handler
 * checks the whole command first, then reserves the address in its own stream
 * (`staff-username-{address}`, expected revision guards the race), then appends to `staff-{id}`.
 */
@CommandHandler(RegisterStaffMemberCommand)
export class RegisterStaffMemberHandler extends PortalCommandHandler<RegisterStaffMemberCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReferences,
    private readonly cipher: PersonalDataCipher,
  ) {
    super();
  }

  protected async handle({ input, caller }: RegisterStaffMemberCommand): Promise<LogPosition | null> {
    const [ownerExists, username, staff] = await Promise.all([
      typeof input.ownerId === 'number' ? this.catalog.ownerExists(input.ownerId) : false,
      typeof input.username === 'string' && input.username.trim() !== ''
        ? loadState(this.store, usernameStreamId(input.username), usernameDecider)
        : null,
      loadState(this.store, staffStreamId(input.staffId), staffDecider),
    ]);
    const command: RegisterStaffMember = {
      type: 'RegisterStaffMember',
      data: input,
      references: { ownerExists, usernameHeldBy: username?.state.heldBy ?? null },
    };
    // Every rule first, so a refused registration reserves nothing.
    staffDecider.decide(command, staff.state);
    await runCommand(
      this.store,
      usernameStreamId(input.username),
      usernameDecider,
      { type: 'ReserveUsername', data: { username: input.username, staffId: input.staffId } },
      caller.context,
    );
    return decideOnStaffMember(this.store, input.staffId, await this.sealed(command), caller.context);
  }

  /** The same command with its personal fields sealed with the person's key (events carry ciphertext). */
  private async sealed(command: RegisterStaffMember): Promise<RegisterStaffMember> {
    const fields = STAFF_PROFILE_FIELDS.filter((field) => isFilledText(command.data[field]));
    if (fields.length === 0) return command;
    const person = await this.cipher.session(staffStreamId(command.data.staffId), true);
    const sealed = Object.fromEntries(
      fields.map((field) => [field, person.seal(command.data[field]!.trim())]),
    );
    return { ...command, sealed };
  }
}
