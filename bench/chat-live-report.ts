/** The live chat figures of `npm run bench` (chat-live.ts), printed for a running server and two accounts. */
import { OLDER_PAGES, UNREAD_ROUNDS, chatLive, type Spread } from './chat-live';
import { fmt } from './stats';

type Account = Parameters<typeof chatLive>[1];

const line = (label: string, spread: Spread, target: string) =>
  `  ${label.padEnd(44)}${fmt(spread.p50, 0).padStart(6)}  ${fmt(spread.max, 0).padStart(6)}   ${String(spread.count).padStart(3)}   ${target}`;

export async function printChatLive(baseUrl: string, me: Account, friend: Account): Promise<void> {
  console.log(`\nChat, live: unread over ${UNREAD_ROUNDS} messages on two devices of one account; ${OLDER_PAGES} older pages of a pod chat (Chromium)`);
  const result = await chatLive(baseUrl, me, friend);
  console.log('                                                 p50 ms  max ms     n   target');
  console.log(line('message sent → Pods tab shows unread', result.unreadShown, '≤ 1,000 ms'));
  console.log(line('read on the laptop → cleared on the phone', result.unreadCleared, '≤ 1,000 ms'));
  console.log(line('older page received → painted', result.olderPageShown, '≤ 150 ms'));
}
