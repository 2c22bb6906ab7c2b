/** Stats from the games in the local mirror (docs/stats.md). Pure: no React, no database. */
export * from './format';
export * from './leaderboard';
export * from './outcomes';
export * from './personal';
