export * from './periods';
export * from './ledger-stream';
