export * from './audit';
export * from './audit-filters';
