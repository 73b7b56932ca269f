import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWithText } from '../fixtures/files.js';
import { findInFiles } from '../helpers/canary.js';
import { createKey, startServer, uploadFile, waitFinal, type ServerProcess } from '../helpers/server-process.js';

/** Erasure holds on disk the moment DELETE answers: the canary is in no file under the data folder
 * (database, WAL, blobs) while the server still runs, after kill -9, and after the restart. */
describe('erasure on disk (SQLite, a real server process)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  let key: string;
  const env = () => ({ DATA_DIR: dataDir });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'docread-erasure-'));
    key = createKey(env());
    server = await startServer(env());
  }, 180_000);
  afterAll(async () => {
    await server?.kill9();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the database, its WAL and shared memory for the owner only', async () => {
    for (const name of ['docread.sqlite', 'docread.sqlite-wal', 'docread.sqlite-shm']) {
      expect((statSync(join(dataDir, name)).mode & 0o777).toString(8), name).toBe('600');
    }
  });

  it('finds the canary 0 times in every file after DELETE answers, running and after kill -9', { timeout: 240_000 }, async () => {
    const canary = `CANARY${Date.now().toString(36).toUpperCase()}ZQ`;
    const keep = `KEEPER${Date.now().toString(36).toUpperCase()}ZQ`;
    const up = await uploadFile(
      server!.url,
      key,
      `${canary}.pdf`,
      pdfWithText([`Invoice ${canary} for services`, `Customer ${canary} Street 1`, 'Total due 100.00 EUR']),
    );
    expect(up.status).toBe(202);
    const other = await uploadFile(server!.url, key, `${keep}.pdf`, pdfWithText([`Invoice ${keep} for services`, 'Total due 10.00 EUR']));
    await waitFinal(server!.url, key, up.body.id, 120_000);
    await waitFinal(server!.url, key, other.body.id, 120_000);
    // Before the deletion the canary is on disk (the test can fail).
    expect(Object.keys(findInFiles(dataDir, canary)).length).toBeGreaterThan(0);

    const del = await fetch(`${server!.url}/v1/documents/${up.body.id}`, { method: 'DELETE', headers: { 'x-doc-api-key': key } });
    expect(del.status).toBe(200);
    expect(findInFiles(dataDir, canary)).toEqual({});
    // Another document's content stays.
    expect(Object.keys(findInFiles(dataDir, keep)).length).toBeGreaterThan(0);

    await server!.kill9();
    expect(findInFiles(dataDir, canary)).toEqual({});
    server = await startServer(env());
    expect(findInFiles(dataDir, canary)).toEqual({});
    expect((await fetch(`${server.url}/v1/documents/${up.body.id}`, { headers: { 'x-doc-api-key': key } })).status).toBe(404);
  });
});
