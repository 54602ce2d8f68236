export * from './holidays';
export * from './query';
