export * from './limits';
export * from './users';
export * from './social';
export * from './live';
export * from './decks';
export * from './game';
export * from './cards';
