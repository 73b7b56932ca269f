import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { harnessPerSuite, upload } from '../helpers/harness.js';

/** A distinct small PNG per n, so no upload is a cached twin of another. */
const png = (n: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: n % 256, g: Math.floor(n / 256) % 256, b: 23 } } })
    .png()
    .toBuffer();

/** Files under a folder, recursively (temp files included: none may be left). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('uploads committed together on SQLite', () => {
  const h = harnessPerSuite({ workers: false });

  it('answers 202 to each of many parallel uploads only with its rows committed; one whose insert fails gets its error and loses no other', async () => {
    const key = await h.key('grouped');
    // The database refuses one document's row, as it would on a constraint; no other row depends on it.
    await sql`create trigger refuse_one before insert on documents when new.name = 'refused.png' begin select raise(abort, 'refused by the test'); end`.execute(
      h.rt.db.db,
    );
    const names = Array.from({ length: 40 }, (_, i) => (i === 17 ? 'refused.png' : `g${i}.png`));
    const files = await Promise.all(names.map((_, i) => png(i)));
    const answers = await Promise.all(names.map((filename, i) => upload(h, key, { filename, bytes: files[i]! })));

    const accepted = answers.filter((r) => r.statusCode === 202).map((r) => r.json() as { id: string; name: string });
    expect(accepted.map((d) => d.name).sort()).toEqual(names.filter((n) => n !== 'refused.png').sort());
    const refused = answers[17]!;
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ error: { code: 'internal_error' } });

    // Read from another connection: what a 202 promised is committed, with its reading queued.
    const file = (h.rt.config.database as { file: string }).file;
    const other = new SQLite(file, { readonly: true });
    try {
      const ids = (other.prepare('select id from documents order by id').all() as Array<{ id: string }>).map((r) => r.id);
      expect(ids).toEqual(accepted.map((d) => d.id).sort());
      const jobs = other.prepare(`select count(*) as n from queue_jobs where queue = 'read'`).get() as { n: number };
      expect(jobs.n).toBe(accepted.length);
    } finally {
      other.close();
    }
    // Every accepted original is stored; the refused one's file was removed.
    expect(filesUnder(h.blobRoot)).toHaveLength(accepted.length);
  });
});
