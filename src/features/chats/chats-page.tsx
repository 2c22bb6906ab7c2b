/**
 * /pods: the spec's Chats page — tabs All Chats, Messages, Pod Chats, Friends.
 * Everything shown is read from the mirror; each tab asks for a refresh of what it shows.
 * The page owns which conversation or pod is open, so the inbox can open either. While one is
 * open the page is a thread view: it fills the screen above the bottom navigation (or the
 * on-screen keyboard), the messages scroll and the composer stays docked under them (chats.css).
 * A search result's link (`msg`, `at`) opens its chat at that message.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FriendsTab } from '../friends/friends-tab';
import { MessagesTab } from '../messages/messages-tab';
import { PodChatsTab } from '../pods/pod-chats-tab';
import { PageHeader } from '../shell/page-header';
import { AllChatsTab } from './all-chats-tab';
import type { ChatPosition } from '../../db/queries';
import type { ChatTarget } from './inbox-rows';
import { useMyId } from '../../ui/sync-hooks';
import { LoadingText } from '../../ui/list-status';
import type { ChatsTab } from './chats-search';
import { useKeyboardInset } from './use-keyboard-inset';
import './chats.css';

export { chatsSearch, type ChatsSearch, type ChatsTab } from './chats-search';

const TABS: Array<[ChatsTab, string]> = [
  ['all', 'All Chats'],
  ['messages', 'Messages'],
  ['pods', 'Pod Chats'],
  ['friends', 'Friends'],
];

interface ChatsPageProps {
  initialTab?: ChatsTab;
  initialPeerId?: string;
  initialPodId?: string;
  /** A message of the initial chat to open at (a search result); forgotten once another chat is opened or the chat is left. */
  initialFocus?: ChatPosition;
}

export function ChatsPage({ initialTab = 'all', initialPeerId, initialPodId, initialFocus }: ChatsPageProps) {
  const myId = useMyId();
  const [tab, setTab] = useState<ChatsTab>(initialTab);
  const [peerId, setPeerIdState] = useState<string | null>(initialPeerId ?? null);
  const [podId, setPodIdState] = useState<string | null>(initialPodId ?? null);
  const [focus, setFocus] = useState<ChatPosition | undefined>(initialFocus);
  const threadOpen = (tab === 'messages' && peerId !== null) || (tab === 'pods' && podId !== null);
  useKeyboardInset(threadOpen);

  function setPeerId(id: string | null) {
    setFocus(undefined);
    setPeerIdState(id);
  }
  function setPodId(id: string | null) {
    setFocus(undefined);
    setPodIdState(id);
  }

  function openActivity(item: ChatTarget) {
    if (item.kind === 'direct') {
      setPeerId(item.peerId);
      setTab('messages');
    } else {
      setPodId(item.podId);
      setTab('pods');
    }
  }

  return (
    <main className={threadOpen ? 'page chats-page chats-page--thread' : 'page chats-page'}>
      <PageHeader title="Chats">
        <Link to="/search" className="button button--secondary">
          Search messages
        </Link>
      </PageHeader>
      {!myId ? (
        <LoadingText text="Loading user data..." />
      ) : (
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as ChatsTab)} className="tabs">
          <Tabs.List className="tab-list" aria-label="Chats sections">
            {TABS.map(([value, label]) => (
              <Tabs.Trigger key={value} value={value} className="tab">
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="all" className="tab-panel">
            <AllChatsTab myId={myId} onOpenActivity={openActivity} />
          </Tabs.Content>
          <Tabs.Content value="messages" className="tab-panel">
            <MessagesTab myId={myId} peerId={peerId} onOpen={setPeerId} focus={initialPeerId && peerId === initialPeerId ? focus : undefined} />
          </Tabs.Content>
          <Tabs.Content value="pods" className="tab-panel">
            <PodChatsTab myId={myId} podId={podId} onOpen={setPodId} focus={initialPodId && podId === initialPodId ? focus : undefined} />
          </Tabs.Content>
          <Tabs.Content value="friends" className="tab-panel">
            <FriendsTab myId={myId} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </main>
  );
}
