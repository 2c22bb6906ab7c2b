export * from './limits';
export * from './users';
