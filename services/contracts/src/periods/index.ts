export * from './periods';
export * from './ledger-stream';
export * from './lock-check';
export * from './review';
export * from './billing-cycles';
