import type { Migration } from 'kysely';
import * as eventLog from './2026-11-22-001-event-log';
import * as jobs from './2026-11-22-020-jobs';
import * as mailOutbox from './2026-11-22-021-mail-outbox';
import * as revokedTokens from './2026-11-22-030-revoked-tokens';
import * as exchangeRates from './2026-11-22-045-exchange-rates';
import * as mailOutboxOwner from './2026-11-24-010-mail-outbox-owner';
import * as personalDataKeys from './2026-11-26-060-personal-data-keys';
import * as staffSessionsEnded from './2026-11-26-061-staff-sessions-ended';
import * as mailOutboxReplyTo from './2026-11-26-070-mail-outbox-reply-to';
import * as eventHashChain from './2026-11-27-080-event-hash-chain';
import * as mailDeliveryId from './2026-11-27-090-mail-delivery-id';
import * as jobOutbox from './2026-11-27-091-job-outbox';

/** Every platform migration, keyed by its timestamped name (applied in name order). */
export const platformMigrations: Record<string, Migration> = {
  '2026-11-22-001-event-log': eventLog,
  '2026-11-22-020-jobs': jobs,
  '2026-11-22-021-mail-outbox': mailOutbox,
  '2026-11-22-030-revoked-tokens': revokedTokens,
  '2026-11-22-045-exchange-rates': exchangeRates,
  '2026-11-24-010-mail-outbox-owner': mailOutboxOwner,
  '2026-11-26-060-personal-data-keys': personalDataKeys,
  '2026-11-26-061-staff-sessions-ended': staffSessionsEnded,
  '2026-11-26-070-mail-outbox-reply-to': mailOutboxReplyTo,
  '2026-11-27-080-event-hash-chain': eventHashChain,
  '2026-11-27-090-mail-delivery-id': mailDeliveryId,
  '2026-11-27-091-job-outbox': jobOutbox,
};
