import os from 'node:os';

/**
 * The server's settings in every benchmark but the flood (flood.ts sets its own): the production
 * log level, and every write limit ×10,000 so no figure runs into a budget. The counters are
 * still counted on every write (the same round trips); only the budget is out of reach. At ×100
 * the REST figures' ~6,000 sequential message POSTs a minute on the embedded database met the
 * per-user message budget (60/min × 100) and the run stopped on a 429.
 */
export const BENCH_ENV = { LOG_LEVEL: 'info', RATE_LIMIT_SCALE: '10000' };

/** The first line of every bench report: the machine's cores and load (ratios move with it). */
export const machineLine = () => `Machine: ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' / ')} (1/5/15 min)`;
