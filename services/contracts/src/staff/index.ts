export * from './staff';
export * from './staff-admin';
export * from './self-service';
export * from './acknowledged-at';
export * from './staff-erasure';
export * from './directory-sync';
