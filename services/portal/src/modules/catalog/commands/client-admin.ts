import { CommandHandler } from '@nestjs/cqrs';
import { catalogAdminMessages, type ClientRequest } from '@portal/contracts';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { EventStore, type LogPosition } from '../../../platform/event-store/event-store.port';
import { clientDecider, clientStreamId, type ClientCommand } from '../domain/client';
import { CatalogAdminReadModel } from '../queries/admin-catalog';
import { decideOn, registerWithNextId } from './catalog-streams';

export interface ClientOutcome {
  readonly clientId: number;
  /** Where the event landed; null when nothing changed. */
  readonly position: LogPosition | null;
}

/** POST /api/admin/clients: Add New Client; the server gives it the next free id. */
@Requires('admin')
export class AddClientCommand extends PortalCommand<ClientOutcome> {
  constructor(
    caller: Caller,
    readonly request: ClientRequest,
  ) {
    super(caller);
  }
}

/** PUT /api/admin/clients/:id: the whole form; only what differs is recorded (before → after). */
@Requires('admin')
export class ChangeClientCommand extends PortalCommand<ClientOutcome> {
  constructor(
    caller: Caller,
    readonly clientId: number,
    readonly request: ClientRequest,
  ) {
    super(caller);
  }
}

@CommandHandler(AddClientCommand)
export class AddClientHandler extends PortalCommandHandler<AddClientCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogAdminReadModel,
  ) {
    super();
  }

  protected async handle({ caller, request }: AddClientCommand): Promise<ClientOutcome> {
    const scopeOwnerId = ownerScopeOf(caller.principal);
    const { id, result } = await registerWithNextId(
      this.store,
      (await this.catalog.highestClientId()) + 1,
      caller.context.commandId,
      clientStreamId,
      (clientId) => {
        const command: ClientCommand = {
          type: 'RegisterClient',
          data: { ...request, clientId, scopeOwnerId },
        };
        return decideOn(this.store, clientStreamId(clientId), clientDecider, command, caller.context);
      },
    );
    return { clientId: id, position: result };
  }
}

@CommandHandler(ChangeClientCommand)
export class ChangeClientHandler extends PortalCommandHandler<ChangeClientCommand> {
  constructor(
    private readonly store: EventStore,
    private readonly catalog: CatalogAdminReadModel,
  ) {
    super();
  }

  protected async handle({ caller, clientId, request }: ChangeClientCommand): Promise<ClientOutcome> {
    const scope = ownerScopeOf(caller.principal);
    if (scope !== null) {
      const access = await this.catalog.clientAccess(clientId, scope);
      if (!access.visible) throw DomainError.notFound(catalogAdminMessages.clientNotFound(clientId));
      if (!access.changeable) throw DomainError.forbidden(catalogAdminMessages.sharedClient);
    }
    const command: ClientCommand = { type: 'ChangeClientDetails', data: { ...request, clientId } };
    const position = await decideOn(
      this.store,
      clientStreamId(clientId),
      clientDecider,
      command,
      caller.context,
    );
    return { clientId, position };
  }
}
