/** What route modules get from buildApp. Later features take the same object. */
import type { RateLimiters } from './auth/rateLimits';
import type { Config } from './config';
import type { Db } from './db/types';
import type { LiveHub } from './live/hub';
import type { Mail, Mailer } from './mail';

export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Sends a mail without making the answer wait for it (failures are logged; app.close waits). */
  sendMailInBackground(mail: Mail): void;
  hub: LiveHub;
  /** The clock; tests move it to expire tokens. */
  now: () => Date;
  limiters: RateLimiters;
}
