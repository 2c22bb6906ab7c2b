// smtp-server ships no types and @types/smtp-server is not installed; the little the tests use.
declare module 'smtp-server' {
  import type { Readable } from 'node:stream';
  import type { Server } from 'node:net';
  export interface SMTPServerOptions {
    authOptional?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    onData?(stream: Readable, session: unknown, callback: (error?: Error | null) => void): void;
  }
  export class SMTPServer {
    constructor(options?: SMTPServerOptions);
    server: Server;
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
}
