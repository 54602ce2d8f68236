export * from './messages';
export * from './requests';
export * from './rules';
export * from './model';
export * from './exports';
export * from './report-embed';
export * from './copy-week';
