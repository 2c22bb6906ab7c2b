/**
 * Each request's logger, made only when something is logged with it. Fastify makes a pino child
 * (binding the request id) for every request; with the redaction rules (logging.ts) that was ~3 %
 * of a message POST's server CPU, for a logger that logs nothing on almost every request at
 * `info` (request-log.ts logs slow requests only; errors are rare).
 * Invariant: a line that is logged is the line the eager child would have logged. The child is
 * made on the first call at an enabled level, from exactly the bindings and options Fastify gave;
 * a route with a level of its own (`logLevel`) gets its child at once, as before.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** The parent is Fastify's pino logger, which has `isLevelEnabled` (FastifyBaseLogger's type does not). */
type LevelAware = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.child$().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.child$().child(bindings, options);
  }

  private child$(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.made && this.parent.isLevelEnabled && !this.parent.isLevelEnabled(level)) return;
    (this.child$()[level] as (...line: unknown[]) => void)(...args);
  }
}

export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  options.level ? logger.child(bindings, options) : new LazyRequestLogger(logger, bindings, options);
