/** Pure Dexie reads for the screens (no React): pass the mirror, get plain rows. */
export * from './friends';
export * from './games';
export * from './game-story';
export * from './messages';
export * from '../../contract/names';
export * from './outbox';
export * from './pods';
export * from './game-invites';
export * from './unread';
export * from './chat-history';
