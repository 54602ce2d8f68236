export * from './catalog';
export * from './admin';
export * from './owner-settings';
