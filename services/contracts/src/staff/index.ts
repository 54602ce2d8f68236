export * from './staff';
export * from './staff-admin';
