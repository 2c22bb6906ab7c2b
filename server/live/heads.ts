/**
 * The head of each connected user's change log (its latest position), held in memory so a PING
 * is answered with no database read (hub.ts). A client compares the PONG's head with its cursor
 * and pulls when the log moved past it.
 *
 * Where a head comes from:
 * - one read when a user's first socket on this process opens (users opening at the same time
 *   share one query); a PING arriving before it answers waits for that read;
 * - every delivery to the user through the bus (its position) moves it forward at once;
 * - every HEAD_REFRESH_MS the heads of every connected user are read again, in chunks of
 *   READ_CHUNK users per query: this finds an event committed but never published (a process
 *   died between commit and publish), the case the PONG's head exists for.
 * A head only moves forward (positions are dense and never reused), so a read that raced a
 * delivery cannot move it back.
 *
 * Known limit: an event committed and never published shows in a PONG up to HEAD_REFRESH_MS
 * later than a read per PING would show it (the client's PING interval is 25 s). A failed read
 * leaves the head unknown or where it was; a PONG then carries no head (or the older one) until
 * the next refresh.
 */

/** Reads the heads of these users (0 for a user with no log yet). */
export type HeadReader = (userIds: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/** Under the client's PING interval (25 s): a head is at most one refresh old when the next PING comes. */
export const HEAD_REFRESH_MS = 20_000;
/** Users per head query (one `user_id IN (…)` each). */
export const READ_CHUNK = 500;

interface HeadLog {
  warn(obj: object, msg: string): void;
}

interface Head {
  pos: number | undefined;
  /** Resolves once the first read of this user's head finished (or failed). */
  ready: Promise<void>;
  settle: () => void;
}

export class HeadBook {
  private readonly heads = new Map<string, Head>();
  /** Users waiting for their first read. */
  private pending = new Set<string>();
  private reading = false;
  private refreshing = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly read: HeadReader,
    private readonly log: HeadLog,
    refreshMs = HEAD_REFRESH_MS,
  ) {
    this.timer = setInterval(() => void this.refresh(), refreshMs);
    this.timer.unref();
  }

  /** A socket of `userId` opened: its head is read unless it is already held. */
  track(userId: string): void {
    if (this.heads.has(userId)) return;
    let settle!: () => void;
    const ready = new Promise<void>((resolve) => (settle = resolve));
    this.heads.set(userId, { pos: undefined, ready, settle });
    this.pending.add(userId);
    void this.readPending();
  }

  /** The user's last socket on this process closed. */
  forget(userId: string): void {
    this.heads.get(userId)?.settle();
    this.heads.delete(userId);
    this.pending.delete(userId);
  }

  /** A delivery at `pos` reached the user's sockets. */
  saw(userId: string, pos: number): void {
    const head = this.heads.get(userId);
    if (head && (head.pos === undefined || pos > head.pos)) head.pos = pos;
  }

  /** The head held for `userId`, after its first read; undefined when it could not be read. */
  async head(userId: string): Promise<number | undefined> {
    const head = this.heads.get(userId);
    if (!head) return undefined;
    if (head.pos === undefined) await head.ready;
    return head.pos;
  }

  close(): void {
    clearInterval(this.timer);
    for (const head of this.heads.values()) head.settle();
    this.heads.clear();
    this.pending.clear();
  }

  /** First reads, one query at a time: users who connect during a read share the next one. */
  private async readPending(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending].slice(0, READ_CHUNK);
        for (const userId of batch) this.pending.delete(userId);
        await this.readInto(batch);
        for (const userId of batch) this.heads.get(userId)?.settle();
      }
    } finally {
      this.reading = false;
    }
  }

  /** Every held head read again; a refresh still running (a slow database) is not doubled. */
  private async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const userIds = [...this.heads.keys()];
      for (let start = 0; start < userIds.length; start += READ_CHUNK) await this.readInto(userIds.slice(start, start + READ_CHUNK));
    } finally {
      this.refreshing = false;
    }
  }

  private async readInto(userIds: string[]): Promise<void> {
    try {
      const read = await this.read(userIds);
      for (const [userId, pos] of read) this.saw(userId, pos);
    } catch (error) {
      this.log.warn({ err: error, users: userIds.length }, 'live heads not read; PONGs carry the heads held');
    }
  }
}
