/** What every sync action needs: the mirror, the HTTP client, and a way to wake the sender. */
import type { PodTableDB } from '../../db/schema';
import type { ApiClient } from './api';

export interface SyncContext {
  db: PodTableDB;
  api: ApiClient;
  /** Asks for the outbox to be sent now (page sender and, when present, the service worker). */
  kick: () => void;
}
