/**
 * Who may see a block: the blocker only; the blocked user is never told. The rule of the pull
 * (the `block` loader of server/sync/changes.ts) and the live fan-out (`audienceOfBlock`);
 * GET /api/blocks (server/social/blocks.ts `listBlocks`) applies the same condition.
 */
import { eq, type SQL } from 'drizzle-orm';
import { blocks } from '../db/schema';

/** SQL over `blocks`: the rows `userId` may see. */
export function blocksVisibleTo(userId: string): SQL {
  return eq(blocks.blockerId, userId);
}

export function audienceOfBlock(block: { blockerId: string }): string[] {
  return [block.blockerId];
}
