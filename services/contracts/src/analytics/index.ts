export * from './analytics';
export * from './imports';
export * from './skills';
export * from './api';
