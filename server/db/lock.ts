/**
 * One server per DATA_DIR. PGlite does not lock its folder: a second process on the same
 * folder runs happily and its rows are silently lost. So the server takes DATA_DIR/podtable.lock
 * (pid + process start time) before opening the database:
 * - the lock names a live process → refuse to start, naming that pid;
 * - the lock names a dead process (kill -9, power loss) → stale: taken over, so a restart
 *   after a crash works at once.
 * The start time (Linux /proc) guards against pid reuse: after a reboot or in a restarted
 * container the recorded pid may belong to an unrelated process.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'podtable.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(`Another PodTable server (pid ${pid}) is using DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

interface Holder {
  pid: number;
  startTime: string | undefined;
}

interface ProcStat {
  /** R, S, D, … ; Z = zombie (killed, not yet reaped by its parent) and X = dead: not running. */
  state: string;
  /** Start time in clock ticks since boot. */
  startTime: string;
}

/** Fields 3 and 22 of /proc/<pid>/stat; undefined off Linux or when the process is gone. */
function procStat(pid: number): ProcStat | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

function isAlive(holder: Holder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(holder.pid);
  if (!stat) return true;
  // A process killed with -9 stays a zombie until reaped, and kill(pid, 0) still succeeds on it.
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return holder.startTime === undefined || stat.startTime === holder.startTime;
}

function readHolder(file: string): Holder | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const [pidText, startTime] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return { pid: 0, startTime: undefined };
  return { pid, startTime: startTime || undefined };
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const content = `${process.pid} ${procStat(process.pid)?.startTime ?? ''}\n`.replace(' \n', '\n');
  const tmpPath = `${lockPath}.${process.pid}.tmp`;
  fs.writeFileSync(tmpPath, content);
  try {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        // link() fails when the lock exists: creating it is atomic, and it appears with its content.
        fs.linkSync(tmpPath, lockPath);
        return makeLock(lockPath, content);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockPath);
      if (!holder) continue; // released between link() and read: try again
      if (holder.pid > 0 && isAlive(holder)) throw new DataDirLockedError(holder.pid, dataDir);
      // Stale. Move it aside rather than unlink it, and check what was moved: if another
      // starting server replaced the stale lock in between, put its live lock back.
      const aside = `${lockPath}.${process.pid}.stale`;
      try {
        fs.renameSync(lockPath, aside);
      } catch {
        continue;
      }
      const moved = readHolder(aside);
      if (moved && moved.pid > 0 && moved.pid !== holder.pid && isAlive(moved)) {
        try {
          fs.linkSync(aside, lockPath);
        } catch {
          // someone else holds it now; the next round reports them
        }
        fs.rmSync(aside, { force: true });
        throw new DataDirLockedError(moved.pid, dataDir);
      }
      fs.rmSync(aside, { force: true });
    }
    throw new Error(`Could not take the lock ${lockPath}; other servers keep starting on this DATA_DIR.`);
  } finally {
    fs.rmSync(tmpPath, { force: true });
  }
}

function makeLock(lockPath: string, content: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      // Only remove our own lock, never one a later server took over.
      if (fs.readFileSync(lockPath, 'utf8') === content) fs.rmSync(lockPath, { force: true });
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { path: lockPath, release };
}
