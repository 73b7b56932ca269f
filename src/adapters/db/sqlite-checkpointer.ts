import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the WAL is copied back into the database (a round with nothing new to copy is a
 * look at the WAL's index, no I/O). */
const INTERVAL_MS = 250;
/** SQLite's own default, restored should the thread stop. */
const AUTO_CHECKPOINT_PAGES = 1000;

// Plain CommonJS, so that it runs the same from source and from the build.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
db.pragma('synchronous = full');
parentPort.on('message', () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true });
  } catch (err) {
    // Another connection checkpointing at the same time: the next round catches up.
    parentPort.postMessage({ ok: false, message: String(err && err.message) });
  }
});
`;

/** SQLite copies the WAL back into the database (a checkpoint) inside the commit that passes
 * 1000 pages: tens of milliseconds of writes and fsyncs that would block the event loop
 * (better-sqlite3 is synchronous). Here that connection's automatic checkpoints are off, and a
 * worker thread with a connection of its own runs a PASSIVE checkpoint (it waits for no one and
 * blocks no writer) every 250 ms. Should the thread stop, the connection checkpoints by itself
 * again. */
export class Checkpointer {
  private readonly worker: Worker;
  private running = false;
  private readonly timer: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly connection: SQLite.Database,
    file: string,
  ) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER, { eval: true, workerData: { driver, file } });
    this.worker.unref();
    this.worker.on('message', () => {
      this.running = false;
    });
    this.worker.on('error', () => this.fallBack());
    this.worker.on('exit', () => this.fallBack());
    connection.pragma('wal_autocheckpoint = 0');
    this.timer = setInterval(() => this.tick(), INTERVAL_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.worker.terminate();
  }

  private tick(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    this.worker.postMessage(null);
  }

  private fallBack(): void {
    clearInterval(this.timer);
    if (this.stopped || !this.connection.open) return;
    this.stopped = true;
    this.connection.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  }
}
