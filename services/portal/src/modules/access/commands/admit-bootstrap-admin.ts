import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Logger } from '@nestjs/common';
import { DomainError } from '../../../kernel/domain-error';
import type { ArrivalContext, SignInIdentity } from '../../../platform/auth/newcomers';
import { StaffDirectory, type Principal } from '../../../platform/auth/principal';
import type { PortalConfig } from '../../../platform/config/config';
import { InjectConfig } from '../../../platform/config/config.provider';
import { authorize, Requires, systemCaller, type Caller } from '../../../platform/cqrs';
import { runCommand } from '../../../platform/event-store/decider';
import { EventStore } from '../../../platform/event-store/event-store.port';
import { ProjectionProgress, readModelsReachHead } from '../../../platform/projection/projection';
import { CatalogReferences, RegisterOwnerCommand } from '../../catalog';
import { AddStaffMemberCommand, StaffQueries } from '../../staff';
import {
  BOOTSTRAP_ACTOR,
  bootstrapClaimDecider,
  bootstrapClaimStreamId,
  bootstrapNames,
  bootstrapOwnerName,
  isBootstrapAddress,
} from '../domain/bootstrap-admin';
import { firstSignInCommandId } from './request-access';

/**
 * PORTAL_BOOTSTRAP_ADMINS (issue 25, record 0255): on the first sign-in of an address it names,
 * while the configured owner has no admin at all, that person is added as an admin of the owner
 * (registered first when the log has none), through the bus, the actor 'bootstrap', caused by
 * the first sign-in. Answers the new admin, or null: not a bootstrap address, the owner has an
 * admin already, or the read models could not say so in time (then the person awaits access).
 */
@Requires('public')
export class AdmitBootstrapAdminCommand extends Command<Principal | null> {
  constructor(
    readonly identity: SignInIdentity,
    readonly arrival: ArrivalContext,
  ) {
    super();
  }
}

@CommandHandler(AdmitBootstrapAdminCommand)
export class AdmitBootstrapAdminHandler implements ICommandHandler<
  AdmitBootstrapAdminCommand,
  Principal | null
> {
  private readonly logger = new Logger('BootstrapAdmins');

  constructor(
    @InjectConfig() private readonly config: PortalConfig,
    private readonly commands: CommandBus,
    private readonly store: EventStore,
    private readonly progress: ProjectionProgress,
    private readonly staff: StaffQueries,
    private readonly directory: StaffDirectory,
    private readonly catalog: CatalogReferences,
  ) {}

  async execute(command: AdmitBootstrapAdminCommand): Promise<Principal | null> {
    authorize(null, command);
    const { identity, arrival } = command;
    const { admins, ownerId, ownerName } = this.config.bootstrap;
    if (!isBootstrapAddress(identity.username, admins)) return null;
    // "No admin at all" is read from read models that have reached the log's head, or not at all.
    if (!(await readModelsReachHead(this.store, this.progress, this.config.projectionWaitMs))) return null;
    if (await this.staff.hasAnyAdmin(ownerId)) return null;

    const caller = this.bootstrapCaller(identity, arrival);
    // One address per owner, ever: two listed addresses arriving at once both saw no admin above;
    // the claim's stream lets only the first through (the other awaits access).
    const username = identity.username.trim().toLowerCase();
    const claim = await runCommand(
      this.store,
      bootstrapClaimStreamId(ownerId),
      bootstrapClaimDecider,
      { type: 'ClaimBootstrapAdmin', data: { ownerId, username } },
      caller.context,
    );
    if (claim.state.claimedBy !== username) return null;
    if (!(await this.catalog.ownerExists(ownerId))) {
      const name = bootstrapOwnerName(ownerName, identity.username);
      await this.commands.execute(new RegisterOwnerCommand(caller, { ownerId, name }));
    }
    try {
      const { position } = await this.commands.execute(
        new AddStaffMemberCommand(caller, {
          username: identity.username,
          ...bootstrapNames(identity.name, identity.username),
          ownerId,
          isAdmin: true,
        }),
      );
      if (position) await this.progress.waitFor(position, this.config.projectionWaitMs);
    } catch (error) {
      // Another process admitted the same address a moment ago (its address is reserved); the
      // directory below says whether it is done. Anything else leaves the person awaiting access.
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn(`A bootstrap admin was not added: ${error.message}`);
    }
    return this.directory.findByUsername(identity.username);
  }

  /** The system as 'bootstrap', under the request's correlation, caused by the person's first sign-in. */
  private bootstrapCaller(identity: SignInIdentity, arrival: ArrivalContext): Caller {
    return systemCaller({
      actor: BOOTSTRAP_ACTOR,
      commandId: `bootstrap-admin:${identity.username}`,
      correlationId: arrival.correlationId,
      causationId: firstSignInCommandId(identity.username),
      now: arrival.now,
    });
  }
}
