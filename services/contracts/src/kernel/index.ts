/** The shared kernel: business constants, dates, money, and the field parsers path parameters use. */
export * from './constants';
export * from './dates';
export * from './money';
export * from './text';
export { dateField, idField, monthField, optionalIdField } from './fields';
