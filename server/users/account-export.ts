/**
 * What "Download my data" holds (GET /api/users/me/export): the account's own record and what it
 * can read, in the API's own shapes. Invariant: nothing another user keeps private — other
 * people appear only by their public fields (never an e-mail), games carry no guest e-mail, and
 * messages are only the account's own conversations and the pods it is a member of. Each game
 * carries its whole story (`story`: every event it logged, oldest first), not only the latest
 * events the game keeps.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { GameEvent } from '../../src/contract/game';
import type { AccountExport } from '../../src/contract/account-data';
import type { Game } from '../../src/contract/game';
import { blocks, decks, directMessages, friendships, gamePlayers, gameStory, games, podMembers, podMessages, pods, users } from '../db/schema';
import type { DbOrTx } from '../db/types';
import { toDeck } from '../decks/repo';
import { toGame } from '../games/repo';
import { blockViews } from '../social/blocks';
import { listReadMarkers } from '../social/read-markers';
import { membersOf } from '../social/pods-repo';
import { publicUsers, toDirectMessage, toFriendRequest, toFriendship, toPod, toPodMessage } from '../social/views';

/** A game as the export shows it: no guest's e-mail, not even masked. */
function withoutEmails(game: Game): Game {
  return { ...game, participants: game.participants.map((p) => ({ ...p, accountEmail: null })) };
}

/** The games the account played or created, oldest first. */
export async function exportedGames(db: DbOrTx, me: string): Promise<Game[]> {
  const played = db.select({ gameId: gamePlayers.gameId }).from(gamePlayers).where(eq(gamePlayers.userId, me));
  const rows = await db
    .select()
    .from(games)
    .where(or(eq(games.createdById, me), inArray(games.id, played)))
    .orderBy(asc(games.startTime), asc(games.id));
  return rows.map((row) => withoutEmails(toGame(row)));
}

/** Games whose stories one query reads: a year of play is read in bounded pieces. */
const STORY_GAMES_PER_READ = 100;

/** Every event each game logged, oldest first (the game itself keeps only the latest). */
async function storiesOf(db: DbOrTx, gameIds: string[]): Promise<Map<string, GameEvent[]>> {
  const stories = new Map<string, GameEvent[]>(gameIds.map((id) => [id, []]));
  for (let from = 0; from < gameIds.length; from += STORY_GAMES_PER_READ) {
    const rows = await db
      .select({ gameId: gameStory.gameId, event: gameStory.event })
      .from(gameStory)
      .where(inArray(gameStory.gameId, gameIds.slice(from, from + STORY_GAMES_PER_READ)))
      .orderBy(asc(gameStory.gameId), asc(gameStory.position));
    for (const row of rows) stories.get(row.gameId)!.push(row.event);
  }
  return stories;
}

/** Names of the pods these games were played in, where the account can still see the pod. */
export async function podNames(db: DbOrTx, me: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: pods.id, name: pods.name })
    .from(pods)
    .innerJoin(podMembers, and(eq(podMembers.podId, pods.id), eq(podMembers.userId, me)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function gamesWithStories(db: DbOrTx, me: string): Promise<Array<Game & { story: GameEvent[] }>> {
  const played = await exportedGames(db, me);
  const stories = await storiesOf(db, played.map((game) => game.id));
  return played.map((game) => ({ ...game, story: stories.get(game.id) ?? [] }));
}

export async function buildAccountExport(db: DbOrTx, me: string, now: Date): Promise<AccountExport & { username: string }> {
  const [user] = await db.select().from(users).where(eq(users.id, me));
  if (!user) throw new Error(`user ${me} missing`);

  const ties = await db
    .select()
    .from(friendships)
    .where(or(eq(friendships.requesterId, me), eq(friendships.addresseeId, me)))
    .orderBy(asc(friendships.createdAt));
  const dms = await db
    .select()
    .from(directMessages)
    .where(or(eq(directMessages.senderId, me), eq(directMessages.receiverId, me)))
    .orderBy(asc(directMessages.createdAt), asc(directMessages.id));
  const myPods = await db
    .select({ pod: pods })
    .from(pods)
    .innerJoin(podMembers, and(eq(podMembers.podId, pods.id), eq(podMembers.userId, me)))
    .orderBy(asc(pods.createdAt));
  const podIds = myPods.map((row) => row.pod.id);
  const podChat = podIds.length
    ? await db.select().from(podMessages).where(inArray(podMessages.podId, podIds)).orderBy(asc(podMessages.createdAt), asc(podMessages.id))
    : [];
  const people = await publicUsers(db, [
    ...ties.flatMap((row) => [row.requesterId, row.addresseeId]),
    ...dms.flatMap((row) => [row.senderId, row.receiverId]),
    ...podChat.map((row) => row.senderId),
  ]);
  const members = await membersOf(db, podIds);
  const blockRows = await db.select().from(blocks).where(eq(blocks.blockerId, me));
  const deckRows = await db.select().from(decks).where(eq(decks.ownerId, me)).orderBy(asc(decks.createdAt));

  return {
    username: user.username,
    format: 'podtable-export-1',
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
    },
    friends: ties.filter((row) => row.status === 'ACCEPTED').map((row) => toFriendship(row, me, people)),
    friendRequests: ties.filter((row) => row.status === 'PENDING').map((row) => toFriendRequest(row, people)),
    blockedUsers: await blockViews(db, blockRows),
    decks: deckRows.map(toDeck),
    directMessages: dms.map((row) => toDirectMessage(row, people)),
    pods: myPods.map(({ pod }) => ({
      ...toPod(pod, members.get(pod.id) ?? []),
      messages: podChat.filter((row) => row.podId === pod.id).map((row) => toPodMessage(row, people)),
    })),
    games: await gamesWithStories(db, me),
    readMarkers: await listReadMarkers(db, me),
  };
}
