/**
 * The one drizzle schema for PGlite (embedded) and PostgreSQL, one file per area. After a change
 * run `npm run db:generate` and commit the new SQL in server/db/migrations.
 */
export * from './accounts';
export * from './social';
export * from './live';
export * from './games';
export * from './sync';
export * from './limits';
export * from './push';
export * from './read-markers';
export * from './game-joins';
export * from './game-watch-links';
export * from './game-story';
export * from './game-guest-seats';
