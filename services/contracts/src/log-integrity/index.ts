export * from './log-integrity';
