/** `npm run bench:flood-ws`: only the WebSocket flood figure of `npm run bench` (flood-ws-report.ts). */
import { machineLine } from './env';
import { printWsFlood } from './flood-ws-report';

console.log(machineLine());
await printWsFlood();
