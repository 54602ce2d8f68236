export * from './constants';
export * from './holidays';
export * from './auth';
export * from './dates';
export * from './money';
export * from './messages';
export * from './timesheets';
export * from './catalog';
