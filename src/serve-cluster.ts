import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config/env.js';

/** Runs `processes` copies of the API on one port with Node's cluster: the primary only forks,
 * forwards shutdown signals and replaces a copy that dies. Counters that must be exact across the
 * copies (rate limits) live in Redis, quotas in the database, so every copy sees the same counts. */
export function runApiCluster(config: Config, processes: number, log: (line: string) => void): void {
  if (!config.REDIS_URL) {
    throw new Error('API_PROCESSES > 1 needs REDIS_URL: rate limits must be counted once across the processes');
  }
  let stopping = false;
  const fork = (): Worker =>
    // The primary already migrated and made the development organisation.
    cluster.fork({ BOOTSTRAP_DEV_ORG: 'false' });
  for (let i = 0; i < processes; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`api process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`received ${signal}, stopping ${processes} api processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
