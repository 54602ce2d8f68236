import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@nestjs/cqrs';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { loadState, runCommand } from '../../../platform/event-store/decider';
import type { CommandContext } from '../../../platform/event-store/command-context';
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
 * The sign-in address must be unique across people, which one stream cannot guard: the whole
 * command is checked first, then the address is reserved in its own stream
 * (`staff-username-{address}`, expected revision guards the race), then `staff-{id}` is appended.
 * Used by RegisterStaffMember (the seed's, with its own ids) and AddStaffMember (ids allocated).
 */
@Injectable()
export class StaffRegistration {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogReferences,
    private readonly cipher: PersonalDataCipher,
  ) {}

  /** The command with what the log says of its owner and address (for the decider's rules). */
  async withReferences(input: RegisterStaffMemberInput): Promise<RegisterStaffMember> {
    const [ownerExists, username] = await Promise.all([
      typeof input.ownerId === 'number' ? this.catalog.ownerExists(input.ownerId) : false,
      typeof input.username === 'string' && input.username.trim() !== ''
        ? loadState(this.store, usernameStreamId(input.username), usernameDecider)
        : null,
    ]);
    return {
      type: 'RegisterStaffMember',
      data: input,
      references: { ownerExists, usernameHeldBy: username?.state.heldBy ?? null },
    };
  }

  async register(input: RegisterStaffMemberInput, context: CommandContext): Promise<LogPosition | null> {
    const [command, staff] = await Promise.all([
      this.withReferences(input),
      loadState(this.store, staffStreamId(input.staffId), staffDecider),
    ]);
    // Every rule first, so a refused registration reserves nothing.
    staffDecider.decide(command, staff.state);
    await runCommand(
      this.store,
      usernameStreamId(input.username),
      usernameDecider,
      { type: 'ReserveUsername', data: { username: input.username, staffId: input.staffId } },
      context,
    );
    return decideOnStaffMember(this.store, input.staffId, await this.sealed(command), context);
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

@CommandHandler(RegisterStaffMemberCommand)
export class RegisterStaffMemberHandler extends PortalCommandHandler<RegisterStaffMemberCommand> {
  constructor(private readonly registration: StaffRegistration) {
    super();
  }

  protected handle({ input, caller }: RegisterStaffMemberCommand): Promise<LogPosition | null> {
    return this.registration.register(input, caller.context);
  }
}
