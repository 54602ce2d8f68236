export * from './vehicles';
export * from './api';
