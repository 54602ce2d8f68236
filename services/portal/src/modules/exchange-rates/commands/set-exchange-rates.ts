import {
  EXCHANGE_RATES_STREAM,
  exchangeRateMessages,
  type Currency,
  type ExchangeRateRow,
} from '@portal/contracts';
import { CommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../kernel/domain-error';
import { ownerScopeOf } from '../../../kernel/owner-scope';
import { PortalCommand, PortalCommandHandler, Requires, type Caller } from '../../../platform/cqrs';
import { deriveEventId, eventMetadata } from '../../../platform/event-store/command-context';
import { CONCURRENT_CHANGE_MESSAGE } from '../../../platform/event-store/decider';
import { EventIdConflictError } from '../../../platform/event-store/event-id-conflict.error';
import {
  EventStore,
  WrongExpectedRevisionError,
  type LogPosition,
} from '../../../platform/event-store/event-store.port';
import { exchangeRatesDecider } from '../domain/exchange-rates';
import { ExchangeRates } from '../adapters/exchange-rates.port';
import { RatesTable } from '../projections/rates-table';

export interface RatesChangeOutcome {
  readonly rates: ExchangeRateRow[];
  /** Position of the ExchangeRatesSet event; null when nothing changed (no event). */
  readonly position: LogPosition | null;
}

/**
 * PUT /api/admin/exchange-rates: an admin sets the listed currencies (validated by
 * `exchangeRatesUpdateSchema`); the others stay. Only the embedded table can be edited (409 with
 * a provider); only the firm's admins may change it (the decider's rule, 403 otherwise).
 */
@Requires('admin')
export class SetExchangeRates extends PortalCommand<RatesChangeOutcome> {
  constructor(
    caller: Caller,
    readonly rates: readonly { readonly currency: Currency; readonly perUsd: string }[],
  ) {
    super(caller);
  }
}

/**
 * Reads the stream's revision and the rates in force (the read model is the fold of the seed and
 * every ExchangeRatesSet), decides, appends at that revision, then moves the read model. Edits in
 * this process take turns; an append from another process in between answers 409 and changes
 * nothing (the admin saw rates that are no longer in force).
 */
@CommandHandler(SetExchangeRates)
export class SetExchangeRatesHandler extends PortalCommandHandler<SetExchangeRates> {
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly rates: ExchangeRates,
    private readonly table: RatesTable,
    private readonly store: EventStore,
  ) {
    super();
  }

  protected async handle(command: SetExchangeRates): Promise<RatesChangeOutcome> {
    if (this.rates.source !== 'embedded') throw DomainError.conflict(exchangeRateMessages.providerConfigured);
    const run = this.turn.then(() => this.apply(command));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async apply({ caller, rates }: SetExchangeRates): Promise<RatesChangeOutcome> {
    const recorded = await this.store.readStream(EXCHANGE_RATES_STREAM);
    const last = recorded[recorded.length - 1];
    const state = { perUsd: await this.table.perUsd() };
    const events = exchangeRatesDecider.decide(
      { rates, setterOwnerScope: ownerScopeOf(caller.principal) },
      state,
    );
    if (events.length === 0) return { rates: await this.table.current(), position: null };

    const { context } = caller;
    let appended;
    try {
      appended = await this.store.append(
        EXCHANGE_RATES_STREAM,
        events.map((event, index) => ({
          id: deriveEventId(context.commandId, EXCHANGE_RATES_STREAM, index),
          type: event.type,
          data: event.data,
          metadata: eventMetadata(context),
        })),
        last ? last.revision : 'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError || error instanceof EventIdConflictError) {
        throw DomainError.conflict(CONCURRENT_CHANGE_MESSAGE);
      }
      throw error;
    }
    for (const event of events) {
      await this.table.record(event.data, appended.nextExpectedRevision, context);
    }
    return { rates: await this.table.current(), position: appended.position };
  }
}
