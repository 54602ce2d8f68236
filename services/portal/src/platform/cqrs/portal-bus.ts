import { Command, Query } from '@nestjs/cqrs';
import type { Principal } from '../auth/principal';
import { countCommand } from '../observability/metrics';
import { withCause } from '../telemetry/cause';
import { inSpan } from '../telemetry/tracing';
import type { Caller } from './caller';
import { authorize, refuseAuditorWrites } from './permissions';

/**
 * Every write is a typed command on the CommandBus: it carries its caller (principal and command
 * context) and declares its permission with `@Requires`. `R` is what the controller answers.
 */
export abstract class PortalCommand<R> extends Command<R> {
  constructor(readonly caller: Caller) {
    super();
  }
}

/** Every read is a typed query on the QueryBus, asked by a principal (null only for `@Requires('public')`). */
export abstract class PortalQuery<R> extends Query<R> {
  constructor(readonly principal: Principal | null) {
    super();
  }
}

/**
 * A query only a signed-in person asks (every `@Requires` but 'public'): its principal is never
 * null, so the handler reads it without a check.
 */
export abstract class SignedInQuery<R> extends PortalQuery<R> {
  declare readonly principal: Principal;

  constructor(principal: Principal) {
    super(principal);
  }
}

export type ResultOf<M> = M extends Command<infer R> ? R : M extends Query<infer R> ? R : never;

/** The one place a command's permission is checked (and an auditor's write refused), before its handler decides anything. */
export abstract class PortalCommandHandler<C extends PortalCommand<unknown>> {
  async execute(command: C): Promise<ResultOf<C>> {
    const type = command.constructor.name;
    // Counted by type and outcome, refusals included (portal_commands_total).
    const { correlationId, commandId } = command.caller.context;
    // The jobs it enqueues carry its correlation, and its id as their causation.
    return countCommand(command, () =>
      withCause({ correlationId, causationId: commandId }, () =>
        inSpan(`command ${type}`, { attributes: { 'portal.command': type } }, () => {
          authorize(command.caller.principal, command);
          refuseAuditorWrites(command.caller.principal, command);
          return this.handle(command);
        }),
      ),
    );
  }

  protected abstract handle(command: C): Promise<ResultOf<C>>;
}

/** The one place a query's permission is checked. */
export abstract class PortalQueryHandler<Q extends PortalQuery<unknown>> {
  async execute(query: Q): Promise<ResultOf<Q>> {
    authorize(query.principal, query);
    return this.handle(query);
  }

  protected abstract handle(query: Q): Promise<ResultOf<Q>>;
}
