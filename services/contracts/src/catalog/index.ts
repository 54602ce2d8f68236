export * from './catalog';
export * from './admin';
