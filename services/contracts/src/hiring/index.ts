export * from './hiring';
export * from './api';
export * from './events';
