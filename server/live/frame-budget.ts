/**
 * What one live socket may send: a token bucket of frames and one of bytes, each a burst that
 * refills at a steady rate. Every frame the client sends counts — text, binary, unparseable,
 * and WebSocket ping/pong control frames — before anything reads it; the socket that goes past
 * either bucket is closed with 1008 (routes.ts).
 *
 * The app sends a PING every 25 s, a JOIN_POD / LEAVE_POD when a pod chat opens or closes, and a
 * pong to each server heartbeat: a few frames a minute of under 200 bytes each. The burst lets a
 * reconnect, a quick run through several chats and a socket that was paused (a phone waking up)
 * send what it queued at once; the steady rate is still far above anything a person causes.
 *
 * Known limit: the budget belongs to the socket and lives in this process. A user's sockets add
 * up (at most MAX_SOCKETS_PER_USER per process, opens limited per minute); frames that reach a
 * handler costing a database read are also counted in the user's shared `liveFrame` budget
 * (server/limits), which holds across sockets and processes.
 */

export interface FrameBudgetSpec {
  burstFrames: number;
  framesPerSecond: number;
  burstBytes: number;
  bytesPerSecond: number;
}

export const CLIENT_FRAME_BUDGET: FrameBudgetSpec = {
  burstFrames: 40,
  framesPerSecond: 2,
  // One frame of the largest size the server reads (MAX_CLIENT_FRAME_BYTES) fits, a second at once does not.
  burstBytes: 64 * 1024,
  bytesPerSecond: 8 * 1024,
};

/** RATE_LIMIT_SCALE multiplies the budget like every other limit (benchmarks and load tests). */
export function scaledFrameBudget(spec: FrameBudgetSpec, scale: number): FrameBudgetSpec {
  return {
    burstFrames: spec.burstFrames * scale,
    framesPerSecond: spec.framesPerSecond * scale,
    burstBytes: spec.burstBytes * scale,
    bytesPerSecond: spec.bytesPerSecond * scale,
  };
}

export class FrameBudget {
  private frames: number;
  private bytes: number;
  private at: number;

  constructor(
    private readonly spec: FrameBudgetSpec,
    /** Milliseconds, monotonic (tests move it). */
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.frames = spec.burstFrames;
    this.bytes = spec.burstBytes;
    this.at = clock();
  }

  /** Spends one frame of `bytes`; false when either bucket does not hold it (nothing is spent then). */
  spend(bytes: number): boolean {
    const now = this.clock();
    const seconds = Math.max(0, now - this.at) / 1000;
    this.at = now;
    this.frames = Math.min(this.spec.burstFrames, this.frames + seconds * this.spec.framesPerSecond);
    this.bytes = Math.min(this.spec.burstBytes, this.bytes + seconds * this.spec.bytesPerSecond);
    if (this.frames < 1 || this.bytes < bytes) return false;
    this.frames -= 1;
    this.bytes -= bytes;
    return true;
  }
}
