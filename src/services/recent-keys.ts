/** API keys this process authenticated lately, by digest, each kept `ttlMs`: most requests then
 * skip the key lookup. Whoever revokes a key or changes an organisation through this process
 * forgets them at once; another process's change takes effect here within `ttlMs`. Bounded: the
 * oldest entry goes when full. */
export class RecentKeys<Row extends { id: string; org_id: string }> {
  private readonly entries = new Map<string, { row: Row; until: number }>();
  /** Lookups running now, by digest, with the count of forgets when each began. */
  private readonly running = new Map<string, { lookup: Promise<Row | undefined>; forgets: number }>();
  private forgets = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(digest: string, at = Date.now()): Row | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.until > at) return entry.row;
    this.entries.delete(digest);
    return undefined;
  }

  /** The database's row for `digest` through `find`, run once for every request that asks while
   * it runs (when a cached key expires under load, the requests waiting on it make one lookup,
   * not one each), unless keys are kept for no time. `keep` says whether the row is one to
   * remember; it is not remembered when a forget came after the lookup began (the row may have
   * been read before that change). */
  async lookUp(digest: string, find: () => Promise<Row | undefined>, keep: (row: Row) => boolean): Promise<Row | undefined> {
    // Kept for no time, a key is looked up by each request itself: none is answered from a row read before it came.
    if (this.ttlMs <= 0) return find();
    let shared = this.running.get(digest);
    if (!shared) {
      const started: { lookup: Promise<Row | undefined>; forgets: number } = { lookup: find(), forgets: this.forgets };
      started.lookup = started.lookup.finally(() => {
        if (this.running.get(digest) === started) this.running.delete(digest);
      });
      shared = started;
      this.running.set(digest, shared);
    }
    const row = await shared.lookup;
    if (row && keep(row) && shared.forgets === this.forgets) this.remember(digest, row);
    return row;
  }

  remember(digest: string, row: Row, at = Date.now()): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(digest);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(digest, { row, until: at + this.ttlMs });
  }

  forgetKey(keyId: string): void {
    this.forgot();
    for (const [digest, entry] of this.entries) if (entry.row.id === keyId) this.entries.delete(digest);
  }

  forgetOrganisation(orgId: string): void {
    this.forgot();
    for (const [digest, entry] of this.entries) if (entry.row.org_id === orgId) this.entries.delete(digest);
  }

  /** Lookups begun before a change are not joined by requests after it. */
  private forgot(): void {
    this.forgets++;
    this.running.clear();
  }
}
