export * from './rates';
export * from './api';
