/** Where files live: the originals, page images and generated outputs. Keys are '/'-separated
 * paths built by the services from ids only, never from user-supplied names. */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes durably before resolving (a 202 promises the file is stored). */
  put(key: string, data: Buffer): Promise<void>;
  /** Resolves null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Deletes every key under a prefix ending in '/'; returns how many were removed. */
  deletePrefix(prefix: string): Promise<number>;
  /** Lists keys under a prefix (for tests and deletion audits). */
  list(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}
