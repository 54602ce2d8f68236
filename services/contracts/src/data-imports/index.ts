/** Data-imports contracts (issue 25): kinds, limits, messages, layouts, answers and events. */
export * from './data-imports';
export * from './layouts';
export * from './api';
