/**
 * The contracts of the portal, one folder per context (kernel = what every context shares).
 * Consumers import from `@portal/contracts` only; each folder's index.ts is its public surface.
 */
export * from './kernel';
export * from './auth';
export * from './access';
export * from './catalog';
export * from './staff';
export * from './roster';
export * from './holidays';
export * from './exchange-rates';
export * from './periods';
export * from './timesheets';
export * from './expenses';
export * from './vehicles';
export * from './planning';
export * from './help';
export * from './hiring';
export * from './leave';
export * from './analytics';
export * from './data-imports';
export * from './reminders';
export * from './log-integrity';
export * from './audit';
export * from './openapi';
