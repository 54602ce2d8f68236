export * from './help';
export * from './api';
