export * from './staff';
export * from './staff-admin';
export * from './self-service';
