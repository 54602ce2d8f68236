export * from './leave';
export * from './api';
