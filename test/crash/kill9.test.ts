import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePassport } from '../fixtures/documents/index.js';
import { pdfWithText } from '../fixtures/files.js';
import { PG_URL, postgresReachable } from '../helpers/databases.js';
import { createKey, getDocument, startServer, uploadFile, waitFinal, type ServerProcess } from '../helpers/server-process.js';

/** kill -9 of the whole service around the 202 and in the middle of readings, on SQLite and on
 * PostgreSQL. After each restart every acknowledged upload is there with its exact bytes, and
 * every acknowledged document is final within 60 s (a restarted process takes back its dead
 * predecessor's readings at once instead of waiting out their leases).
 * CRASH_CYCLES sets the kill cycles per database and scenario (default 2). */
const CYCLES = Number(process.env.CRASH_CYCLES ?? 2);
const FINAL_AFTER_RESTART_MS = 60_000;

const databases: Array<[string, () => { env: Record<string, string>; cleanup: () => Promise<void> }]> = [
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'docread-crash-'));
      return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];
if (await postgresReachable()) {
  databases.push([
    'postgres',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'docread-crash-'));
      const schema = `crash_${randomBytes(5).toString('hex')}`;
      return {
        env: { DATA_DIR: dir, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema },
        cleanup: async () => {
          const client = new pg.Client({ connectionString: PG_URL });
          await client.connect();
          await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ]);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(databases)('kill -9 on %s', (_name, makeDatabase) => {
  let db: ReturnType<typeof makeDatabase>;
  let server: ServerProcess | undefined;
  let key: string;
  let photo: Buffer;
  beforeAll(async () => {
    db = makeDatabase();
    key = createKey(db.env);
    photo = await sharp((await generatePassport({ seed: 9 })).bytes)
      .jpeg({ quality: 85 })
      .toBuffer();
  }, 180_000);
  afterAll(async () => {
    await server?.kill9();
    await db?.cleanup();
  });

  /** Every acknowledged upload is stored with its bytes, and final within the limit. */
  async function checkAcknowledged(url: string, acked: Map<string, string>): Promise<void> {
    const deadline = Date.now() + FINAL_AFTER_RESTART_MS;
    for (const [id, hash] of acked) {
      const doc = await waitFinal(url, key, id, Math.max(1000, deadline - Date.now()));
      expect(doc.status).not.toBe('processing');
      const versions = await fetch(`${url}/v1/documents/${id}/versions`, { headers: { 'x-doc-api-key': key } }).then(
        (r) => r.json() as Promise<{ items: { sha256: string }[] }>,
      );
      expect(versions.items[0]?.sha256, id).toBe(hash);
    }
  }

  it(`around the 202: ${CYCLES} cycles of uploads killed at a random moment`, { timeout: CYCLES * 300_000 }, async () => {
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      server = await startServer(db.env);
      const acked = new Map<string, string>();
      const uploads = Array.from({ length: 12 }, async (_, i) => {
        const bytes = pdfWithText([`Invoice ${cycle}-${i}-${randomBytes(4).toString('hex')}`, 'Total due 10.00 EUR']);
        try {
          const res = await uploadFile(server!.url, key, `c${cycle}-${i}.pdf`, bytes);
          if (res.status === 202) acked.set(res.body.id, sha256(bytes));
        } catch {
          // the connection died with the process: not acknowledged
        }
      });
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 400));
      await server.kill9();
      await Promise.all(uploads);
      server = await startServer(db.env);
      await checkAcknowledged(server.url, acked);
      await server.stop();
    }
  });

  it(`mid-reading: ${CYCLES} cycles killed while photos are being read; final within 60 s of the restart`, { timeout: CYCLES * 400_000 }, async () => {
    // A lease as long as the old default: waiting it out would take 5 minutes, so finishing within
    // 60 s shows the restarted process took the work back at once.
    const env = { ...db.env, QUEUE_LEASE_SECONDS: '300' };
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      server = await startServer(env);
      const acked = new Map<string, string>();
      // As many as the process reads at once (WORKER_CONCURRENCY 2): all are held at the kill.
      for (let i = 0; i < 2; i++) {
        const bytes = Buffer.concat([photo, Buffer.from(`${cycle}-${i}`)]);
        const res = await uploadFile(server.url, key, `p${cycle}-${i}.jpg`, bytes);
        expect(res.status).toBe(202);
        acked.set(res.body.id, sha256(bytes));
      }
      // Readings start at once (two at a time) and take seconds: killed while they hold leases.
      await new Promise((r) => setTimeout(r, 1500 + Math.random() * 2500));
      const stillReading = (await Promise.all([...acked.keys()].map((id) => getDocument(server!.url, key, id)))).filter(
        (d) => d.body.status === 'processing',
      ).length;
      await server.kill9();
      server = await startServer(env);
      const restarted = Date.now();
      // The held readings are taken back within seconds (not after the 300 s lease)...
      const reclaimedCount = () => server!.output().split('the lease holder is gone').length - 1;
      while (reclaimedCount() < stillReading && Date.now() - restarted < 15_000) await new Promise((r) => setTimeout(r, 100));
      const reclaimed = reclaimedCount();
      const reclaimedAfterMs = Date.now() - restarted;
      expect(reclaimed).toBe(stillReading);
      // ...and read to the end within the minute.
      await checkAcknowledged(server.url, acked);
      console.log(
        `${_name} mid-reading cycle ${cycle}: ${stillReading} of ${acked.size} still processing at the kill, ${reclaimed} taken back ${(reclaimedAfterMs / 1000).toFixed(1)} s after the restart; all final ${Math.round((Date.now() - restarted) / 1000)} s after the restart`,
      );
      await server.stop();
    }
  });
});
