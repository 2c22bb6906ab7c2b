/**
 * /search: find a message in every chat or in one (?pod= / ?peer=). Reads the mirror (the
 * device's matches, offline too) and the server's answer kept there; a result opens its chat at
 * that message (src/features/messages/use-message-thread.ts).
 */
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { nameOf } from '../../contract/names';
import { searchWords } from '../../contract/message-search';
import { peerProfile } from '../../db/queries';
import type { MessageHit, SearchScope } from '../../db/queries/message-search';
import { db } from '../../sync/app';
import { LoadingText } from '../../ui/list-status';
import { useMyId } from '../../ui/sync-hooks';
import { PageHeader } from '../shell/page-header';
import { formatDateAndTime } from '../../ui/time';
import { Highlighted } from './highlighted';
import { SearchText } from './search-texts';
import { useMessageSearch, type ServerSearchState } from './use-message-search';
import './search.css';

/** Names of the chats the hits belong to, from the mirror. */
function useChatNames(hits: readonly MessageHit[] | undefined, scope: SearchScope): Map<string, string> | undefined {
  const podIds = [...new Set([...(hits ?? []).flatMap((hit) => (hit.kind === 'pod' ? [hit.message.podId] : [])), ...(scope.podId ? [scope.podId] : [])])];
  const peerIds = [...new Set([...(hits ?? []).flatMap((hit) => (hit.kind === 'dm' ? [hit.peerId] : [])), ...(scope.peerId ? [scope.peerId] : [])])];
  return useLiveQuery(async () => {
    const names = new Map<string, string>();
    const pods = await db.pods.bulkGet(podIds);
    pods.forEach((pod, i) => names.set(podIds[i]!, pod?.name ?? 'A pod'));
    const peers = await Promise.all(peerIds.map((id) => peerProfile(db, id)));
    peers.forEach((peer, i) => names.set(peerIds[i]!, peer ? nameOf(peer) : 'Someone'));
    return names;
  }, [podIds.join(), peerIds.join()]);
}

function ServerStatus({ state, more }: { state: ServerSearchState; more: boolean }) {
  if (state === 'searching') return <p className="muted list-status" role="status">{SearchText.searching}</p>;
  if (state === 'offline') return <p className="muted list-status" role="status">{SearchText.offline}</p>;
  if (state === 'failed') return <p className="alert alert--error list-status" role="status">{SearchText.failed}</p>;
  if (state === 'done' && more) return <p className="muted list-status">{SearchText.more}</p>;
  return null;
}

const when = formatDateAndTime;

function HitRow({ hit, chatName, words }: { hit: MessageHit; chatName: string; words: string[] }) {
  const sender = nameOf(hit.message.sender);
  const inner = (
    <>
      <span className="search-hit-head">
        <span className="row-title">{chatName}</span>
        <time className="muted" dateTime={hit.message.createdAt}>
          {when(hit.message.createdAt)}
        </time>
      </span>
      <span className="search-hit-text">
        {hit.kind === 'pod' ? <strong>{sender}: </strong> : null}
        <Highlighted text={hit.message.content} words={words} />
      </span>
    </>
  );
  // The chat opens at the message (its id and createdAt), not at the newest messages.
  const at = { msg: hit.message.id, at: hit.message.createdAt };
  return hit.kind === 'dm' ? (
    <Link to="/pods" search={{ tab: 'messages', peer: hit.peerId, ...at }} className="row-button search-hit">
      {inner}
    </Link>
  ) : (
    <Link to="/pods" search={{ tab: 'pods', pod: hit.message.podId, ...at }} className="row-button search-hit">
      {inner}
    </Link>
  );
}

export function SearchPage({ scope }: { scope: SearchScope }) {
  const myId = useMyId();
  return (
    <main className="page search-page">
      <PageHeader title={SearchText.title} />
      {!myId ? <LoadingText text="Loading user data..." /> : <MessageSearch myId={myId} scope={scope} />}
    </main>
  );
}

function MessageSearch({ myId, scope }: { myId: string; scope: SearchScope }) {
  const [query, setQuery] = useState('');
  const { view, server } = useMessageSearch(myId, query, scope);
  const names = useChatNames(view?.hits, scope);
  const words = searchWords(query);
  const scoped = scope.podId ?? scope.peerId;

  return (
    <section aria-label={SearchText.title}>
      <p className="search-scope">
        {scoped ? (
          <>
            <span>In {names?.get(scoped) ?? '…'}</span>{' '}
            <Link to="/search" className="button button--secondary">
              {SearchText.searchAll}
            </Link>
          </>
        ) : (
          <span>{SearchText.allChats}</span>
        )}
      </p>
      <div className="field">
        <label htmlFor="message-search">{SearchText.field}</label>
        <input id="message-search" type="search" autoComplete="off" enterKeyHint="search" maxLength={100} value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      {words.length > 0 ? <ServerStatus state={server} more={view?.more ?? false} /> : null}
      {words.length > 0 && view && view.hits.length === 0 && server !== 'searching' ? <p className="muted list-status">{SearchText.none}</p> : null}
      {view && view.hits.length > 0 && names ? (
        <ul className="row-list" aria-label="Search results">
          {view.hits.map((hit) => (
            <li key={hit.message.id}>
              <HitRow hit={hit} chatName={names.get(hit.kind === 'pod' ? hit.message.podId : hit.peerId) ?? ''} words={words} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
