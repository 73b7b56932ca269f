/** Serialised answers of decided documents, held as bytes by the API process that served them, at
 * most `maxBytes` in all (least recently read first out). An entry is only ever used for the row
 * revision and base address it was made from, so a change to the document (which bumps its
 * revision) is never hidden: the caller checks the row's revision, a cheap indexed read, first. */
export interface CachedView {
  revision: number;
  baseUrl: string;
  bytes: Buffer;
}

export class ViewCache {
  private readonly entries = new Map<string, CachedView>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(orgId: string, id: string): CachedView | undefined {
    const key = keyOf(orgId, id);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map order is the eviction order: a read moves the entry to the back.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(orgId: string, id: string, view: CachedView): void {
    if (view.bytes.length > this.maxBytes) return;
    this.delete(orgId, id);
    this.entries.set(keyOf(orgId, id), view);
    this.bytes += view.bytes.length;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes.length;
    }
  }

  delete(orgId: string, id: string): void {
    const key = keyOf(orgId, id);
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes.length;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

// Ids never hold a NUL, so the pair cannot collide across organisations.
const keyOf = (orgId: string, id: string) => `${orgId}\u0000${id}`;
