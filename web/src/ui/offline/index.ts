/** The offline outbox (issue 26): entries kept on the device while there is no connection. */
export type { KeptFile, OutboxEntry, OutboxRequest } from './outbox-store';
export { keptFile } from './outbox-store';
export { KEPT_OFFLINE, useEntryToFix, useOutboxEntries, useQueueOffline } from './use-outbox';
export { WaitingToSend } from './waiting-to-send';
export { NewVersionNotice } from './new-version';
