/** Texts of the stats screens. The six figure labels are the spec's placeholder's; the rest is ours. */
export const StatsText = {
  gamesPlayed: 'Games played',
  winRate: 'Win rate',
  mostPlayedCommander: 'Most played commander',
  averageGameLength: 'Average game length',
  longestWinStreak: 'Longest win streak',
  podRank: 'Pod rank',
  loading: 'Loading stats...',
  noPodGames: 'No pod games yet',
  allStats: 'All stats',
  winsOverTime: 'Wins over time',
  byCommander: 'By commander',
  byDeck: 'By deck',
  headToHead: 'Head-to-head',
  noFrequentOpponents: 'Play at least 2 games with the same person to see how you do against them.',
  leaderboard: 'Leaderboard',
  noPodLeaderboard: 'No finished games in this pod yet.',
} as const;

export const games = (n: number) => (n === 1 ? '1 game' : `${n} games`);
export const wins = (n: number) => (n === 1 ? '1 win' : `${n} wins`);
