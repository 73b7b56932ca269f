/** API keys this process authenticated lately, by digest, each kept `ttlMs`: most requests then
 * skip the key lookup. Whoever revokes a key or changes an organisation through this process
 * forgets them at once; another process's change takes effect here within `ttlMs`. Bounded: the
 * oldest entry goes when full. */
export class RecentKeys<Row extends { id: string; org_id: string }> {
  private readonly entries = new Map<string, { row: Row; until: number }>();

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

  remember(digest: string, row: Row, at = Date.now()): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(digest);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(digest, { row, until: at + this.ttlMs });
  }

  forgetKey(keyId: string): void {
    for (const [digest, entry] of this.entries) if (entry.row.id === keyId) this.entries.delete(digest);
  }

  forgetOrganisation(orgId: string): void {
    for (const [digest, entry] of this.entries) if (entry.row.org_id === orgId) this.entries.delete(digest);
  }
}
