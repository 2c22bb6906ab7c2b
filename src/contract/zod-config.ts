/**
 * zod's JIT compiles object parsers with `new Function`, and probes for it at start-up; under
 * the app's Content-Security-Policy (no 'unsafe-eval', server/security-headers.ts) that probe is
 * a reported violation. jitless parses the same, without eval. Imported first by every contract
 * module that builds schemas (directly or through the text rules) and by the service worker, so
 * it runs before any schema is built (zod reads the flag when a schema is created); the first
 * page's chunk builds none, so it carries no zod at all (docs/first-load.md).
 */
import * as z from 'zod/mini';

z.config({ jitless: true });
