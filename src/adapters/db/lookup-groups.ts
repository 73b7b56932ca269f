/** Reads asked while `maxRunning` lookups are under way wait, and are then looked up together by
 * one call of `lookupMany` (on PostgreSQL one statement: one round trip instead of one each, and a
 * fraction of the server's CPU per read). A read alone is looked up at once. `lookupMany` answers
 * its keys in their order; should it fail, every read of that group gets its error. */
export class LookupGroups<K, V> {
  private waiting: Array<{ key: K; resolve: (value: V) => void; reject: (err: unknown) => void }> = [];
  private running = 0;

  constructor(
    private readonly lookupMany: (keys: K[]) => Promise<V[]>,
    private readonly maxRunning = 2,
    private readonly maxKeys = 64,
  ) {}

  get(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.maxRunning && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.maxKeys);
      this.running++;
      void this.lookupGroup(group).finally(() => {
        this.running--;
        this.next();
      });
    }
  }

  private async lookupGroup(group: typeof this.waiting): Promise<void> {
    try {
      const values = await this.lookupMany(group.map((m) => m.key));
      group.forEach((member, i) => member.resolve(values[i] as V));
    } catch (err) {
      for (const member of group) member.reject(err);
    }
  }
}
