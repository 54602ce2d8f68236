export * from './periods';
export * from './ledger-stream';
export * from './lock-check';
export * from './review';
export * from './board';
export * from './review-requests';
export * from './row-state';
export * from './billing-cycles';
