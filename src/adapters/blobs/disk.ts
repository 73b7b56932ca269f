import { mkdir, open, readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertBlobKey, assertBlobPrefix } from './keys.js';
import type { BlobStore } from './types.js';
import { randomHex } from '../../domain/random-hex.js';

/** Blobs as files under `root`. A resolved `put` is durable: the bytes go to a temp file in the
 * target folder, which is fsynced, renamed over the key and the folder fsynced, so a crash leaves
 * either the old file or the new one under the key, never a partial one. Temp files start with
 * '.', which no valid key segment may, so they never collide with keys or show up in `list`.
 * A key may not also be a folder of other keys (S3 allows that; a file system does not). */
export function createDiskBlobStore(root: string): BlobStore {
  const base = resolve(root);

  function pathOf(keyOrPrefix: string): string {
    const full = resolve(base, keyOrPrefix);
    // Validation already forbids escaping; this guards the invariant should the rules change.
    if (full !== base && !full.startsWith(base + sep)) throw new Error(`Blob path escapes the store: ${keyOrPrefix}`);
    return full;
  }

  return {
    kind: 'disk',

    async put(key, data) {
      assertBlobKey(key);
      const target = pathOf(key);
      const folder = dirname(target);
      await makeFolderDurably(base, folder);
      const temp = join(folder, `.${randomHex(8)}.tmp`);
      try {
        const handle = await open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
      } catch (err) {
        await unlink(temp).catch(() => undefined);
        throw err;
      }
      await syncFolder(folder);
    },

    async get(key) {
      assertBlobKey(key);
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async exists(key) {
      assertBlobKey(key);
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    async delete(key) {
      assertBlobKey(key);
      try {
        await unlink(pathOf(key));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },

    async deletePrefix(prefix) {
      assertBlobPrefix(prefix);
      const folder = pathOf(prefix);
      const count = (await walk(base, folder)).length;
      await rm(folder, { recursive: true, force: true });
      return count;
    },

    async list(prefix) {
      assertBlobPrefix(prefix, true);
      return (await walk(base, pathOf(prefix))).sort();
    },

    async close() {},
  };
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates `folder` and fsyncs the parent of every folder it had to create, so the new folder
 * entries survive a crash along with the file put into them. */
async function makeFolderDurably(base: string, folder: string): Promise<void> {
  const firstCreated = await mkdir(folder, { recursive: true });
  if (!firstCreated) return;
  const created = [folder];
  for (let dir = folder; dir !== firstCreated && dir !== base; ) {
    dir = dirname(dir);
    created.push(dir);
  }
  for (const dir of created.reverse()) await syncFolder(dirname(dir));
}

/** Keys of every regular file under `folder`; temp files and symlinks are skipped. */
async function walk(base: string, folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return [];
    throw err;
  }
  const keys: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = join(folder, entry.name);
    if (entry.isDirectory()) keys.push(...(await walk(base, full)));
    else if (entry.isFile()) keys.push(relative(base, full).split(sep).join('/'));
  }
  return keys;
}
