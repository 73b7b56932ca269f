import { open } from 'node:fs/promises';

/** fsyncs of one file, off the event loop, shared by whoever waits for the same one. */
export class FileSync {
  private inFlight: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(
    private readonly path: string,
    private readonly sync: (path: string) => Promise<void> = syncFile,
  ) {}

  /** Resolves once an fsync of the file that began after this call has finished: every write
   * made to the file before the call is then on disk. */
  after(): Promise<void> {
    if (this.next) return this.next;
    if (!this.inFlight) return this.start();
    // The fsync under way may have begun before the writes the caller needs; the next one covers them.
    const next = this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.start();
      });
    this.next = next;
    return next;
  }

  /** Resolves once no fsync is under way (whatever their outcome). */
  async idle(): Promise<void> {
    while (this.inFlight) await this.inFlight.catch(() => undefined);
  }

  private start(): Promise<void> {
    const run = this.sync(this.path).finally(() => {
      if (this.inFlight === run) this.inFlight = null;
    });
    this.inFlight = run;
    return run;
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
