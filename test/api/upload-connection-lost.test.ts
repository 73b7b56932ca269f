import { createServer, connect, type Server, type Socket } from 'node:net';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, postgresDatabase, postgresReachable, type TestDatabase } from '../helpers/databases.js';
import { startHarness, upload, type Harness } from '../helpers/harness.js';

/** A TCP proxy in front of PostgreSQL that, once armed, lets the statement naming `marker` reach
 * the server and, at the commit that ends it (the statement's own, or its transaction's COMMIT),
 * cuts the connection once the server has answered: the rows are written, and the service is left
 * not knowing it. The server's ReadyForQuery ('Z') tells which: 'T' still in a transaction. */
function answerDroppingProxy(target: URL, marker: string): Promise<{ port: number; server: Server; armed: { on: boolean; cut: number } }> {
  const armed = { on: false, cut: 0 };
  const READY = Buffer.from([0x5a, 0, 0, 0, 5]);
  const server = createServer((client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    let state: 'pass' | 'statement' | 'transaction' | 'commit' = 'pass';
    client.on('data', (chunk) => {
      if (armed.on && state === 'pass' && chunk.includes(marker)) {
        armed.on = false;
        state = 'statement';
      } else if (state === 'transaction' && /commit/i.test(chunk.toString('latin1'))) state = 'commit';
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      const ready = chunk.lastIndexOf(READY);
      const status = ready >= 0 ? String.fromCharCode(chunk[ready + 5]!) : null;
      if (state === 'statement' && status === 'T') state = 'transaction';
      else if ((state === 'statement' || state === 'commit') && status !== null) {
        // The server answered the commit; the client never hears it.
        armed.cut++;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, server, armed })));
}

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

// The embedded queue records an upload in a transaction; pg-boss's job insert joins the upload's
// own statement (recorded with others waiting, see StatementGroups).
describe.runIf(await postgresReachable()).each(['embedded', 'pgboss'])('an upload whose commit goes unanswered on PostgreSQL, %s queue', (queue) => {
  let h: Harness;
  let db: TestDatabase;
  let proxy: Awaited<ReturnType<typeof answerDroppingProxy>>;

  beforeAll(async () => {
    proxy = await answerDroppingProxy(new URL(PG_URL), 'unanswered.png');
    const url = new URL(PG_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    const base = postgresDatabase();
    db = {
      ...base,
      database: { ...(base.database as { kind: 'postgres'; url: string; schema: string }), url: url.toString() },
      env: { ...base.env, DATABASE_URL: url.toString() },
    };
    h = await startHarness(db, { workers: false, env: { QUEUE_DRIVER: queue } });
  });
  afterAll(async () => {
    await h?.close();
    await db?.cleanup();
    proxy?.server.close();
  });

  it('is not answered 202, and keeps its file: the row may have been written, and a row without its file is a loss', async () => {
    const key = await h.key('unanswered');
    const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .png()
      .toBuffer();
    proxy.armed.on = true;
    const res = await upload(h, key, { filename: 'unanswered.png', bytes });
    expect(proxy.armed.cut).toBe(1);
    expect(res.statusCode).toBeGreaterThanOrEqual(500);

    // The statement did commit: its document row is there, and so must its stored file be.
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      const schema = (db.database as { schema: string }).schema;
      const { rows } = await client.query<{ blob_key: string }>(`select blob_key from ${schema}.documents where name = 'unanswered.png'`);
      expect(rows).toHaveLength(1);
      expect(files(h.blobRoot).some((f) => f.endsWith(rows[0]!.blob_key.split('/').pop()!))).toBe(true);
    } finally {
      await client.end();
    }
  });
});
