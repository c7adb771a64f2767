export * from './auth';
export * from './app-settings';
export * from './outbox';
export * from './audit';
export * from './profile';
