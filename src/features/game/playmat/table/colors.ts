/**
 * Player colours, by seat. Each one keeps white text at a contrast
 * ratio of at least 5.9:1 (and the tile's muted text, #e6e8f0, at least 4.8:1), so a tile reads
 * from across the table in the dark theme and the light one. A commander-damage badge wears the
 * colour of the player whose commander dealt it, so who hit whom reads at a glance.
 */
export const PLAYER_COLORS = ['#7d2a35', '#1f5c8f', '#216b45', '#6a3f8f', '#8a5a12', '#17666b', '#8c3568', '#4b5566'] as const;

export function playerColor(seat: number): string {
  return PLAYER_COLORS[((seat % PLAYER_COLORS.length) + PLAYER_COLORS.length) % PLAYER_COLORS.length]!;
}
