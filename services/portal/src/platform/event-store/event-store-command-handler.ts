import { Injectable } from '@nestjs/common';
import { PortalCommandHandler, type PortalCommand } from '../cqrs';
import { EventStore } from './event-store.port';

/**
 * A command handler whose one dependency is the event store (it runs a decider on a stream): the
 * store is injected here, so the handler declares no constructor (record 0293). A handler that
 * needs more declares its own constructor and extends PortalCommandHandler.
 */
@Injectable()
export abstract class EventStoreCommandHandler<
  C extends PortalCommand<unknown>,
> extends PortalCommandHandler<C> {
  constructor(protected readonly store: EventStore) {
    super();
  }
}
