import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server.js';
import { createDiskBlobStore } from './disk.js';
import { createBlobStore } from './index.js';
import { InvalidBlobKeyError } from './keys.js';
import type { BlobStore } from './types.js';

interface Harness {
  store: BlobStore;
  /** Every file name on disk under the store, temp files included (disk only). */
  rawFiles?: () => string[];
  cleanup(): Promise<void>;
}

function walkNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walkNames(join(dir, e.name)).map((n) => `${e.name}/${n}`) : [e.name]));
}

const harnesses: Array<[string, () => Promise<Harness>]> = [
  [
    'disk',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'docread-blobs-'));
      return {
        store: createBlobStore({ kind: 'disk', root }),
        rawFiles: () => walkNames(root),
        cleanup: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3',
    async () => {
      const server: TestS3Server = await startS3Server();
      const store = createBlobStore({
        kind: 's3',
        bucket: server.bucket,
        endpoint: server.endpoint,
        region: 'us-east-1',
        accessKeyId: server.accessKeyId,
        secretAccessKey: server.secretAccessKey,
        forcePathStyle: true,
        prefix: 'tenant-root/',
      });
      return {
        store,
        cleanup: async () => {
          await store.close();
          await server.close();
        },
      };
    },
  ],
];

const BAD_KEYS = ['', '../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a/b/', 'a\u0000b', 'a b', 'a\\b', 'ключ', '.hidden', 'a/.tmp', 'x'.repeat(513)];

describe.each(harnesses)('blob store contract: %s', (kind, make) => {
  let h: Harness;
  let store: BlobStore;
  beforeAll(async () => {
    h = await make();
    store = h.store;
  });
  afterAll(async () => {
    await h?.cleanup();
  });

  it('reports its kind', () => {
    expect(store.kind).toBe(kind);
  });

  it('round-trips binary data exactly, including every byte value and an empty file', async () => {
    const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(200_000)]);
    await store.put('rt/DOC_1/original.bin', data);
    expect((await store.get('rt/DOC_1/original.bin'))?.equals(data)).toBe(true);
    await store.put('rt/empty', Buffer.alloc(0));
    expect((await store.get('rt/empty'))?.length).toBe(0);
  });

  it('overwrites an existing key', async () => {
    await store.put('ow/k', Buffer.from('first version'));
    await store.put('ow/k', Buffer.from('second'));
    expect((await store.get('ow/k'))?.toString()).toBe('second');
  });

  it('answers null and false for a missing key, and deleting it is not an error', async () => {
    expect(await store.get('missing/none')).toBeNull();
    expect(await store.exists('missing/none')).toBe(false);
    await expect(store.delete('missing/none')).resolves.toBeUndefined();
  });

  it('exists and delete', async () => {
    await store.put('ex/a', Buffer.from('a'));
    expect(await store.exists('ex/a')).toBe(true);
    await store.delete('ex/a');
    expect(await store.exists('ex/a')).toBe(false);
    expect(await store.get('ex/a')).toBeNull();
  });

  it('deletePrefix removes all and only the keys under that prefix', async () => {
    const inside = ['dp/org1/a', 'dp/org1/b/c', 'dp/org1/b/d/e'];
    const outside = ['dp/org10/a', 'dp/org1x', 'dp/other/org1/a'];
    for (const key of [...inside, ...outside]) await store.put(key, Buffer.from(key));
    expect(await store.deletePrefix('dp/org1/')).toBe(inside.length);
    for (const key of inside) expect(await store.exists(key)).toBe(false);
    for (const key of outside) expect((await store.get(key))?.toString()).toBe(key);
    expect(await store.deletePrefix('dp/org1/')).toBe(0);
  });

  it('lists the keys under a prefix, sorted, and nothing else', async () => {
    const keys = ['ls/p/z', 'ls/p/a/1', 'ls/p/a/2', 'ls/q/x'];
    for (const key of keys) await store.put(key, Buffer.from('x'));
    expect(await store.list('ls/p/')).toEqual(['ls/p/a/1', 'ls/p/a/2', 'ls/p/z']);
    expect(await store.list('ls/none/')).toEqual([]);
    expect(await store.list('')).toEqual(expect.arrayContaining(keys));
  });

  it('refuses bad keys and prefixes on every operation', async () => {
    for (const key of BAD_KEYS) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.exists(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    for (const prefix of ['', 'no-slash', '../', '/abs/', 'a//', 'a/../']) {
      await expect(store.deletePrefix(prefix), prefix).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    await expect(store.list('../')).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it.runIf(kind === 'disk')('leaves no temp file behind after put, and none when put fails', async () => {
    await store.put('tmp/a/b', Buffer.from('1'));
    await store.put('tmp/a/b', Buffer.from('2'));
    // 'tmp/a/b' is a file, so it cannot also be a folder: this put fails after creating its temp file.
    await expect(store.put('tmp/a', Buffer.from('3'))).rejects.toThrow();
    expect(h.rawFiles?.().filter((n) => n.startsWith('tmp/'))).toEqual(['tmp/a/b']);
  });
});

describe('disk blob store paths', () => {
  it('keeps every file inside its root', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'docread-blobs-parent-'));
    try {
      const store = createDiskBlobStore(join(parent, 'root'));
      await store.put('a/b', Buffer.from('x'));
      await expect(store.put('../escaped', Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
      expect(walkNames(parent)).toEqual(['root/a/b']);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
