export * from './periods';
