import { CommitNotConfirmed } from './group-commit.js';

/** Items handed to `run` while `maxRunning` groups are being written wait, and are then written
 * together by one call of `write` (on PostgreSQL one statement: one round trip, one commit, and
 * a fraction of the CPU per item that a statement each costs). Each `run` resolves once the
 * group holding its item was written. Should a group's write fail, its items are written one
 * group each, so that one bad item fails alone and the others are not held to its error; `retry`
 * says whether an error leaves the group unwritten (a statement the server refused), not only
 * perhaps written (a lost connection), and so may be retried. */
export class StatementGroups<T> {
  private waiting: Array<{ items: T[]; resolve: () => void; reject: (err: unknown) => void }> = [];
  private running = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly retry: (err: unknown) => boolean,
    private readonly maxRunning = 2,
    private readonly maxItems = 32,
  ) {}

  run(items: T[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ items, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.maxRunning && this.waiting.length > 0) {
      const group: typeof this.waiting = [];
      let size = 0;
      while (this.waiting.length > 0 && (group.length === 0 || size + this.waiting[0]!.items.length <= this.maxItems)) {
        const member = this.waiting.shift()!;
        size += member.items.length;
        group.push(member);
      }
      this.running++;
      void this.writeGroup(group).finally(() => {
        this.running--;
        this.next();
      });
    }
  }

  private async writeGroup(group: typeof this.waiting): Promise<void> {
    try {
      await this.write(group.flatMap((m) => m.items));
      for (const member of group) member.resolve();
    } catch (err) {
      if (group.length === 1 || !this.retry(err)) {
        for (const member of group) member.reject(err);
        return;
      }
      await Promise.all(
        group.map((member) =>
          this.write(member.items).then(
            () => member.resolve(),
            (memberErr: unknown) => member.reject(memberErr),
          ),
        ),
      );
    }
  }
}

/** The server answered the statement with an error (PostgreSQL's error response carries a
 * severity): nothing of it was written. A lost connection leaves that unknown. */
export function refusedByServer(err: unknown): boolean {
  return typeof (err as { severity?: unknown } | null)?.severity === 'string';
}

/** A failed commit's error as the caller must take it: an error the server answered stands (nothing
 * was written); any other (a lost connection) becomes `CommitNotConfirmed`, since the commit may
 * have happened and what the rows point at (stored files) must be kept. */
export function unlessRefused(err: unknown, why: string): unknown {
  return refusedByServer(err) ? err : new CommitNotConfirmed(err, why);
}
