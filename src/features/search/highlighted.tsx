/** A message's text with the words a search matched marked (<mark>), by the search's own word rule. */
import { Fragment } from 'react';
import { isMatchedWord, SEARCH_WORD } from '../../contract/message-search';

export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  const parts: Array<{ text: string; hit: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(SEARCH_WORD)) {
    if (!isMatchedWord(match[0], words)) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index), hit: false });
    parts.push({ text: match[0], hit: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), hit: false });
  return (
    <>
      {parts.map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>))}
    </>
  );
}
