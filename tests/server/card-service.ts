/**
 * A small LOCAL stand-in for Scryfall (node:http on 127.0.0.1:0), so card tests never reach the
 * internet. It answers the documented shapes: GET /cards/search → {object:'list', data, has_more}
 * or 404 {object:'error'} when nothing matches; GET /cards/named?exact= → a card or 404. It
 * understands just enough of the query syntax the server sends (`is:commander`, the partner
 * group, `name:"…"`), and records every request (path, query, headers, arrival time).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCard {
  name: string;
  type_line: string;
  keywords?: string[];
  image_uris?: { small: string };
  card_faces?: Array<{ name: string; type_line: string; image_uris?: { small: string } }>;
}

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** performance.now() when it arrived. */
  at: number;
}

export type FakeMode = 'ok' | 'fail' | 'hang' | 'garbage';

export interface FakeCardService {
  url: string;
  requests: RecordedRequest[];
  mode: FakeMode;
  close(): Promise<void>;
}

const image = (slug: string) => ({ small: `https://cards.example/small/${slug}.jpg` });

export const FAKE_CARDS: FakeCard[] = [
  { name: "Atraxa, Praetors' Voice", type_line: 'Legendary Creature — Phyrexian Angel Horror', keywords: ['Flying', 'Proliferate'], image_uris: image('atraxa') },
  { name: 'Tymna the Weaver', type_line: 'Legendary Creature — Human Cleric', keywords: ['Lifelink', 'Partner'], image_uris: image('tymna') },
  { name: 'Thrasios, Triton Hero', type_line: 'Legendary Creature — Merfolk Wizard', keywords: ['Partner'], image_uris: image('thrasios') },
  { name: 'Pir, Imaginative Rascal', type_line: 'Legendary Creature — Human', keywords: ['Partner with'], image_uris: image('pir') },
  { name: 'Candlekeep Sage', type_line: 'Legendary Enchantment — Background', keywords: [], image_uris: image('candlekeep') },
  { name: 'Tymora, Lady Luck', type_line: 'Instant', keywords: [], image_uris: image('tymora') },
  {
    name: 'Esika, God of the Tree // The Prismatic Bridge',
    type_line: 'Legendary Creature — God // Legendary Enchantment',
    keywords: [],
    card_faces: [
      { name: 'Esika, God of the Tree', type_line: 'Legendary Creature — God', image_uris: image('esika') },
      { name: 'The Prismatic Bridge', type_line: 'Legendary Enchantment', image_uris: image('bridge') },
    ],
  },
  // 25 commanders matching "horde", to check the 20-result cap.
  ...Array.from({ length: 25 }, (_, i) => ({
    name: `Horde Captain ${String(i + 1).padStart(2, '0')}`,
    type_line: 'Legendary Creature — Zombie',
    keywords: [],
    image_uris: image(`horde-${i + 1}`),
  })),
];

const PARTNER_KEYWORDS = ['partner', 'partner with', 'friends forever'];

function matches(card: FakeCard, q: string): boolean {
  const name = /name:"([^"]*)"/.exec(q)?.[1]?.toLowerCase() ?? '';
  if (!card.name.toLowerCase().includes(name)) return false;
  if (q.includes('is:commander')) return card.type_line.startsWith('Legendary Creature');
  if (q.includes('keyword:partner')) {
    const keywords = (card.keywords ?? []).map((k) => k.toLowerCase());
    return keywords.some((k) => PARTNER_KEYWORDS.includes(k)) || card.type_line.includes('Background');
  }
  return true;
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

const notFound = (details: string) => ({ object: 'error', code: 'not_found', status: 404, details });

export async function startCardService(cards: FakeCard[] = FAKE_CARDS): Promise<FakeCardService> {
  const service: FakeCardService = { url: '', requests: [], mode: 'ok', close: async () => undefined };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    service.requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers, at: performance.now() });
    if (service.mode === 'hang') return; // never answers
    if (service.mode === 'fail') return send(response, 500, { object: 'error', code: 'internal', status: 500, details: 'boom' });
    if (service.mode === 'garbage') return send(response, 200, { hello: 'world' });
    if (url.pathname === '/cards/search') {
      const q = url.searchParams.get('q') ?? '';
      const data = cards.filter((card) => matches(card, q)).sort((a, b) => a.name.localeCompare(b.name));
      if (data.length === 0) return send(response, 404, notFound('Your query didn’t match any cards.'));
      return send(response, 200, { object: 'list', total_cards: data.length, has_more: false, data });
    }
    if (url.pathname === '/cards/named') {
      const exact = (url.searchParams.get('exact') ?? '').toLowerCase();
      const card = cards.find((c) => c.name.toLowerCase() === exact);
      if (!card) return send(response, 404, notFound('No cards found matching that name.'));
      return send(response, 200, { object: 'card', ...card });
    }
    send(response, 404, notFound('Unknown endpoint.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return service;
}
